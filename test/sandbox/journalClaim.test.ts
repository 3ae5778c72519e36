// The journal claims its file's space ahead in zeros, from one shared block of zeros: a record
// bigger than that block, and records after it, are written whole and read back at start.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ChangeTracker } from '../../src/sandbox/persistence/changeTracking';
import { Journal } from '../../src/sandbox/persistence/journal';
import { journalFileOf } from '../../src/sandbox/persistence/journalFormat';
import { replayJournal } from '../../src/sandbox/persistence/journalReplay';
import { emptyTable, type SandboxState } from '../../src/sandbox/domain/state';
import { generateHppKeyPair } from '../../src/sandbox/domain/answerSignature';

function smallState(): SandboxState {
  return {
    version: 1, keys: { apiKey: 'a', accessKey: 'b', merchantId: '8000', minted: emptyTable() , hpp: generateHppKeyPair() }, clockOffsetMs: 0,
    counters: emptyTable(), slices: Object.assign(emptyTable<unknown>(), { documents: { files: emptyTable<unknown>() } }),
  };
}

describe('journal space claimed ahead', () => {
  it('keeps a record larger than the 1 MB claimed at a time, and the records after it', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'gw-journal-')), 'state.json');
    const tracker = new ChangeTracker(smallState());
    const journal = await Journal.start(file, tracker, 0, () => undefined);
    const files = (tracker.root.slices.documents as { files: Record<string, unknown> }).files;
    const big = 'd'.repeat(2_500_000);
    files.big = { content: big };
    await journal.commit();
    files.after = { content: 'small' };
    await journal.commit();
    // Claimed ahead in whole megabytes past the records, so the big record grew the file by three.
    assert.ok((await stat(journalFileOf(file))).size >= 3 * 1024 * 1024);

    const recovered = smallState();
    const replayed = await replayJournal(file, recovered, 0);
    assert.equal(replayed.applied, 2);
    assert.equal(replayed.droppedBytes, 0);
    const recoveredFiles = (recovered.slices.documents as { files: Record<string, { content: string }> }).files;
    assert.deepEqual(Object.keys(recoveredFiles), ['big', 'after']);
    assert.ok(recoveredFiles.big.content === big, `the big record came back with ${recoveredFiles.big.content.length} characters`);
    assert.equal(recoveredFiles.after.content, 'small');
    await journal.close();
  });
});
