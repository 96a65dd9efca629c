#!/usr/bin/env node
// cli.mjs: the package's bin, `toolsig` (`npx toolsig ...`): the native
// command-line tool (build/release/toolsig) on WebAssembly, with the same
// commands, options, help, output and exit statuses, byte for byte.
//
// Design: the C command line itself (src/cli/main.c, commands.c, io.c) is
// compiled, with the whole library, into toolsig-cli.wasm (the same objects
// as toolsig.wasm, the module the API, the playground and the edge build
// load, plus the command line) and runs there in memory (tsig_cli_run,
// src/cli/memory.c).
// The module reads no file and writes no stream itself: that, and only
// that, is done here (its two imports, below, are standard input as it
// arrives and output written at once, for validate --stream). Nothing about a command, an option, a
// help text, a message or an exit status is written twice, so the two tools
// cannot drift apart; tests/js/cli.test.mjs runs both on the same command
// lines and compares every byte.
//
// The protocol (tsig_cli_run in src/cli/cli.h): run the command line with
// the files read so far. When the core needs a file (or standard input,
// "-") it stops and names it, with the most bytes worth reading; this file
// reads it and runs the whole command line again. Commands have no effect
// but their output, so running again is exact, and a command reads only a
// few inputs. The last run's answer is the exit status and the output,
// piece by piece in the order it was written to stdout and stderr.
//
// What the host supplies, and so where this tool may differ from the
// native one:
// - Why a file cannot be read: Node gives an error code (ENOENT), shown in
//   the C library's words as the native tool on Linux prints them ("No such
//   file or directory"), from the table below.
// - Arguments: Node decodes the command line as UTF-8, so an argument that
//   is not valid UTF-8 reaches the core with U+FFFD in place of each bad
//   sequence, where the native tool sees the raw bytes. Files and standard
//   input are read as bytes and passed through untouched (NUL bytes and
//   invalid UTF-8 included): give such text as @FILE or on standard input.
// - Standard input that is non-blocking (EAGAIN) is waited for, where the
//   native tool reports a read error; a closed standard input reads as
//   empty, as Node reopens it on /dev/null before any of this runs.
// - A closed output pipe: Node ignores SIGPIPE, so the tool says "toolsig:
//   cannot write the output" and exits 2, as the native tool does when
//   SIGPIPE is ignored (by default the signal ends it).
// - validate --stream reads standard input as it arrives, as the native
//   tool does: the core calls tsig_host_read, which waits here for the
//   next bytes (readSync), after handing the lines printed so far to
//   tsig_host_write, which writes them at once (writeSync).
// - Memory: the core runs in 32-bit WebAssembly memory, so inputs of
//   several hundred megabytes can end in "toolsig: out of memory" where the
//   native tool reads up to its 1 GiB limit.
import { randomFillSync } from 'node:crypto';
import { closeSync, fstatSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import { getSystemErrorMap } from 'node:util';
import { bind, imports, runCommandLine } from './core.mjs';

// The module's own imports (src/cli/cli.h, cli_memory_host).
let memory = null;
const host = {
  // Waits for the next bytes of standard input: how many, 0 at its end,
  // or -1 with the reason (NUL-terminated) in the buffer.
  tsig_host_read(ptr, cap) {
    const buf = new Uint8Array(memory.buffer, ptr, cap);
    for (;;) {
      try {
        return readSync(0, buf, 0, cap, null);
      } catch (error) {
        if (error.code === 'EAGAIN') {
          sleep(5);
          continue;
        }
        if (error.code === 'EINTR') continue;
        if (error.code === 'EOF') return 0;
        const reason = new TextEncoder().encode(reasonOf(error)).subarray(0, cap - 1);
        buf.set(reason);
        buf[reason.length] = 0;
        return -1;
      }
    }
  },
  // Writes output now, in order with what process.stdout and stderr wrote.
  tsig_host_write(stream, ptr, len) {
    writeNow(stream === STDERR ? 2 : 1, new Uint8Array(memory.buffer, ptr, len).slice());
  },
};

// This process is the bin: core.mjs runs on the command line's module.
const exports = new WebAssembly.Instance(
  new WebAssembly.Module(readFileSync(new URL('../dist/toolsig-cli.wasm', import.meta.url))),
  { ...imports, env: { ...imports.env, ...host } }).exports;
memory = exports.memory;
bind(exports, randomFillSync);

const NEEDS_FILE = 0xffffffff; // CLI_MEMORY_NEEDS_FILE
// cli_read_status (src/cli/cli.h): how reading a file went.
const READ_OK = 0;
const READ_CANNOT_OPEN = 1;
const READ_FAILED = 2;
const READ_TOO_LARGE = 3;
const STDOUT = 1;
const STDERR = 2;
const UNUSABLE = 2; // exit status

// strerror's words (GNU C library) for the errors reading can meet.
const STRERROR = {
  EPERM: 'Operation not permitted',
  ENOENT: 'No such file or directory',
  EINTR: 'Interrupted system call',
  EIO: 'Input/output error',
  ENXIO: 'No such device or address',
  EBADF: 'Bad file descriptor',
  EAGAIN: 'Resource temporarily unavailable',
  ENOMEM: 'Cannot allocate memory',
  EACCES: 'Permission denied',
  EFAULT: 'Bad address',
  EBUSY: 'Device or resource busy',
  ENODEV: 'No such device',
  ENOTDIR: 'Not a directory',
  EISDIR: 'Is a directory',
  EINVAL: 'Invalid argument',
  ENFILE: 'Too many open files in system',
  EMFILE: 'Too many open files',
  ETXTBSY: 'Text file busy',
  EFBIG: 'File too large',
  ENOSPC: 'No space left on device',
  EROFS: 'Read-only file system',
  EPIPE: 'Broken pipe',
  ENAMETOOLONG: 'File name too long',
  ELOOP: 'Too many levels of symbolic links',
  EOVERFLOW: 'Value too large for defined data type',
  ENOTCONN: 'Transport endpoint is not connected',
  ECONNRESET: 'Connection reset by peer',
  ETIMEDOUT: 'Connection timed out',
  ESTALE: 'Stale file handle',
  EDQUOT: 'Disk quota exceeded',
};

// The words for a Node file-system error: the table's, else libuv's
// description with a capital letter, else the message.
function reasonOf(error) {
  if (STRERROR[error.code]) return STRERROR[error.code];
  const known = typeof error.errno === 'number' ? getSystemErrorMap().get(error.errno) : null;
  const text = known ? known[1] : String(error.message);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// Blocks for ms milliseconds (standard input that is not ready yet).
function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

// Reads fd to its end, at most limit bytes: {status: READ_OK, data},
// {status: READ_TOO_LARGE} past limit, or {status: READ_FAILED, reason}.
function readAll(fd, limit) {
  const chunks = [];
  let total = 0;
  let size = 1 << 16;
  for (;;) {
    const buf = Buffer.allocUnsafe(size);
    let n;
    try {
      n = readSync(fd, buf, 0, buf.length, null);
    } catch (error) {
      if (error.code === 'EAGAIN') {
        sleep(5);
        continue;
      }
      if (error.code === 'EINTR') continue;
      return { status: READ_FAILED, reason: reasonOf(error) };
    }
    if (n === 0) break;
    chunks.push(buf.subarray(0, n));
    total += n;
    if (total > limit) return { status: READ_TOO_LARGE };
    if (n === buf.length && size < 1 << 24) size *= 2;
  }
  return { status: READ_OK, data: Buffer.concat(chunks, total) };
}

// Reads the file the core asked for ("-": standard input), as the native
// tool does: open, then read; a regular file larger than limit is refused
// without reading it.
function readInput(path, limit) {
  if (path === '-') return readAll(0, limit);
  let fd;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    return { status: READ_CANNOT_OPEN, reason: reasonOf(error) };
  }
  try {
    let stat = null;
    try {
      stat = fstatSync(fd);
    } catch {
      stat = null; // reading will tell
    }
    if (stat && stat.isFile() && stat.size > limit) return { status: READ_TOO_LARGE };
    return readAll(fd, limit);
  } finally {
    closeSync(fd);
  }
}

// Writes bytes to fd before returning (a full pipe is waited for); a
// stream that cannot be written is reported as the native tool does.
function writeNow(fd, bytes) {
  let at = 0;
  while (at < bytes.length && !(fd === 1 && writeFailed)) {
    try {
      at += writeSync(fd, bytes, at, bytes.length - at);
    } catch (error) {
      if (error.code === 'EAGAIN') {
        sleep(5);
        continue;
      }
      if (fd === 1) onWriteError();
      else process.exitCode = UNUSABLE;
      return;
    }
  }
}

// Writes the pieces of output of an answer, from byte at on, in order.
function writeOutput(answer, view, at) {
  while (at < answer.length) {
    const stream = answer[at];
    const len = view.getUint32(at + 1, true);
    const bytes = answer.subarray(at + 5, at + 5 + len);
    (stream === STDERR ? process.stderr : process.stdout).write(bytes);
    at += 5 + len;
  }
}

// Runs the command line args (without the program's name); returns the
// exit status once the output is handed to the streams.
function main(args) {
  const argv = ['toolsig', ...args];
  const files = [];
  const decoder = new TextDecoder();
  for (;;) {
    let answer;
    try {
      answer = runCommandLine(argv, files);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      answer = null; // out of wasm memory
    }
    if (!answer) {
      process.stderr.write('toolsig: out of memory\n');
      return UNUSABLE;
    }
    const view = new DataView(answer.buffer, answer.byteOffset, answer.byteLength);
    const head = view.getUint32(0, true);
    if (head !== NEEDS_FILE) {
      writeOutput(answer, view, 4);
      return head;
    }
    const path = decoder.decode(answer.subarray(8));
    if (files.some((f) => f.path === path)) throw new Error(`toolsig: the core asked twice for ${path}`);
    files.push({ path, ...readInput(path, view.getUint32(4, true)) });
  }
}

// A stream that cannot be written (a closed pipe) ends as the native tool
// does when its output cannot be written.
let writeFailed = false;
function onWriteError() {
  if (writeFailed) return;
  writeFailed = true;
  process.exitCode = UNUSABLE;
  try {
    process.stderr.write('toolsig: cannot write the output\n');
  } catch {
    // stderr is gone too: the exit status says it
  }
}
process.stdout.on('error', onWriteError);
process.stderr.on('error', () => {
  process.exitCode = UNUSABLE;
});

const status = main(process.argv.slice(2));
process.exitCode = writeFailed ? UNUSABLE : status;
