// The flags Node runs the production server with, wherever it is started
// (the Docker image, `npm start`, the bench and load tools; a test holds the
// Dockerfile to it).
//
// V8's memory reducer collects and shrinks the heap once a process has been
// quiet for a few seconds, the young generation with it; the next burst of
// requests then runs with a small young generation, promoting more objects
// and marking the old one more often until it has grown again. Side by side,
// 12 rounds of /company with 12 s quiet between them, the server without it
// answered faster in 11 (median about 31,000 to 39,000 req/s). The heap's
// ceiling (--max-old-space-size) is unchanged; a quiet server keeps what it
// reached instead of handing it back (decision 173).
export const SERVER_NODE_FLAGS = ["--no-memory-reducer"] as const;
