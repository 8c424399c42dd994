import type http from 'node:http';
import type { Socket } from 'node:net';

// ADR 056: the replies finished during one turn of the event loop reach their sockets together, at the
// end of that turn, instead of one system call (and one wake-up of the reader) in the middle of the work
// on the next request. Node's `response.end()` corks the connection, writes, then uncorks it to send;
// here the last uncork of a server connection is put off until `setImmediate`, when every connection
// whose reply was finished in the turn is uncorked in a row. Order on a connection is unchanged: what is
// written while it waits joins the same write.

/** The connections whose last uncork waits for the end of this turn. */
const waiting = new Set<Socket>();
/** The connection being sent now: its uncork goes through at once. */
let sending: Socket | undefined;
let isFlushScheduled = false;

/** Uncorks `socket` now, past the hold below. */
function sendNow(socket: Socket): void {
  sending = socket;
  try {
    socket.uncork();
  } finally {
    sending = undefined;
  }
}

function sendWaiting(): void {
  isFlushScheduled = false;
  for (const socket of waiting) {
    waiting.delete(socket);
    sendNow(socket);
  }
}

function holdLastUncork(socket: Socket): void {
  const uncork = socket.uncork.bind(socket);
  const destroy = socket.destroy.bind(socket);
  // A connection Node destroys mid-turn (a malformed request pipelined after a good one) first sends
  // the replies it holds, as it would have without the wait.
  socket.destroy = (error?: Error) => {
    if (waiting.delete(socket)) sendNow(socket);
    return destroy(error);
  };
  socket.uncork = () => {
    if (socket === sending || socket.writableCorked !== 1 || socket.destroyed) {
      uncork();
      return;
    }
    waiting.add(socket);
    if (!isFlushScheduled) {
      isFlushScheduled = true;
      setImmediate(sendWaiting);
    }
  };
}

/** Every connection `server` accepts from now on sends its replies at the end of the turn. */
export function batchReplyWrites(server: http.Server): void {
  server.on('connection', holdLastUncork);
}
