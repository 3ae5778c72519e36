// Runs many generated Java programs in one JVM (a JVM per program costs ~2 s here): each is
// compiled with the JDK's own compiler into its own folder, loaded in its own class loader and
// its main() called, with System.exit() caught (a SecurityManager: Java 17 allows one with
// -Djava.security.manager=allow). Writes one line per program to the file named by the first
// argument: "<folder>\t<status>" where status is "exit N", "compile <errors>" or "threw <what>".
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.Permission;
import java.util.List;
import java.util.stream.Stream;

public class JavaBatch {
    static final class ExitCalled extends SecurityException {
        final int status;
        ExitCalled(int status) { super("exit " + status); this.status = status; }
    }

    public static void main(String[] args) throws Exception {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        StandardJavaFileManager files = compiler.getStandardFileManager(null, null, StandardCharsets.UTF_8);
        try (PrintWriter results = new PrintWriter(Files.newBufferedWriter(Paths.get(args[0]), StandardCharsets.UTF_8))) {
            System.setSecurityManager(new SecurityManager() {
                @Override public void checkPermission(Permission permission) { }
                @Override public void checkPermission(Permission permission, Object context) { }
                @Override public void checkExit(int status) { throw new ExitCalled(status); }
            });
            for (int i = 1; i < args.length; i++) {
                results.println(args[i] + "\t" + run(compiler, files, Paths.get(args[i])).replace('\n', ' ').replace('\t', ' '));
                results.flush();
            }
            System.setSecurityManager(null);
        }
        System.exit(0);
    }

    static String run(JavaCompiler compiler, StandardJavaFileManager files, Path folder) throws Exception {
        Path source;
        try (Stream<Path> list = Files.list(folder)) {
            source = list.filter(p -> p.toString().endsWith(".java")).findFirst().orElseThrow();
        }
        Path classes = Files.createDirectories(folder.resolve("classes"));
        StringWriter errors = new StringWriter();
        boolean compiled = compiler.getTask(errors, files, null, List.of("-d", classes.toString(), "-Xlint:none", "-nowarn"), null,
            files.getJavaFileObjects(source.toFile())).call();
        if (!compiled) return "compile " + errors;
        String className = source.getFileName().toString().replaceFirst("\\.java$", "");
        try (URLClassLoader loader = new URLClassLoader(new URL[] { classes.toUri().toURL() }, JavaBatch.class.getClassLoader())) {
            loader.loadClass(className).getMethod("main", String[].class).invoke(null, (Object) new String[0]);
            return "exit 0";
        } catch (InvocationTargetException thrown) {
            Throwable cause = thrown.getCause();
            return cause instanceof ExitCalled exit ? "exit " + exit.status : "threw " + cause;
        }
    }
}
