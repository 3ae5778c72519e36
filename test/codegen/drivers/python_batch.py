# Runs many generated Python programs in one interpreter (importing requests costs ~0.4 s a
# process here): each is run as __main__ from its own folder, sys.exit() caught. Writes one line
# per program to the file named by the first argument: "<folder>\t<status>", status "exit N",
# "compile <error>" (the program does not parse) or "threw <what>".
import os
import runpy
import sys
import traceback

results_path, folders = sys.argv[1], sys.argv[2:]
with open(results_path, "w", encoding="utf-8") as results:
    for folder in folders:
        program = next(os.path.join(folder, name) for name in sorted(os.listdir(folder)) if name.endswith(".py"))
        os.chdir(folder)
        try:
            with open(program, "rb") as source:
                compile(source.read(), program, "exec")
        except SyntaxError as error:
            status = f"compile {error!r}"
        else:
            try:
                runpy.run_path(program, run_name="__main__")
                status = "exit 0"
            except SystemExit as stop:
                code = stop.code
                status = f"exit {code if isinstance(code, int) else (0 if code is None else 1)}"
            except BaseException as error:  # what the program raised is the result, whatever it is
                status = "threw " + "".join(traceback.format_exception_only(type(error), error)).strip()
        sys.stdout.flush()
        results.write(folder + "\t" + status.replace("\n", " ").replace("\t", " ") + "\n")
        results.flush()
