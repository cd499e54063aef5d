/**
 * A console that goes away does not end the command. `holodeck test | head` closes the pipe after a few lines:
 * Node then raises the write's EPIPE as an uncaught exception, which stopped the run as a crash (exit 3). The
 * reports, the run record and the exit code are what a run leaves behind; once stdout or stderr cannot be
 * written, what would go there is dropped and the command goes on to its own end and exit code. A failure other
 * than a closed pipe is said once on the other stream, if it is still there.
 */

type Output = NodeJS.WriteStream;

export function tolerateClosedOutput(stdout: Output = process.stdout, stderr: Output = process.stderr): void {
  const tolerate = (stream: Output, other: Output, name: string) => {
    let said = false;
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (said || error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') return;
      said = true;
      if (other.writable && !other.destroyed)
        other.write(`warning: ${name} cannot be written (${error.message}); the command goes on without it\n`);
    });
  };
  tolerate(stdout, stderr, 'stdout');
  tolerate(stderr, stdout, 'stderr');
}
