// A minimal OpenAI Chat Completions server for benchmarks that must not share a process with the model
// server (so that the CPU they measure is the client's alone): every request is answered with the same text of
// WORDS words (argv[2], default 60), as one JSON body or, when the request asks `stream: true`, as server-sent
// events of one word each, as providers stream about one token per event. Prints its URL on stdout; ends when
// its stdin closes.
import { createServer } from 'node:http';

const words = Number(process.argv[2] ?? 60);
const text = Array.from({ length: words }, (_, i) => `word${i % 97}`).join(' ');
const usage = { prompt_tokens: 120, completion_tokens: words, total_tokens: 120 + words };

const server = createServer((req, res) => {
  const parts = [];
  req.on('data', (chunk) => parts.push(chunk));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(parts).toString('utf8'));
    const head = { id: 'chatcmpl-bench', created: 1_700_000_000, model: body.model };
    if (body.stream !== true) {
      const message = { role: 'assistant', content: text };
      const choices = [{ index: 0, message, finish_reason: 'stop' }];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ...head, object: 'chat.completion', choices, usage }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const event = (choices, extra = {}) =>
      `data: ${JSON.stringify({ ...head, object: 'chat.completion.chunk', choices, ...extra })}\n\n`;
    const events = [event([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }])];
    for (const piece of text.match(/\s*\S+/g) ?? []) {
      events.push(event([{ index: 0, delta: { content: piece }, finish_reason: null }]));
    }
    events.push(event([{ index: 0, delta: {}, finish_reason: 'stop' }]));
    if (body.stream_options?.include_usage === true) events.push(event([], { usage }));
    events.push('data: [DONE]\n\n');
    res.end(events.join(''));
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${server.address().port}\n`);
});
process.stdin.on('end', () => server.close(() => process.exit(0)));
process.stdin.resume();
