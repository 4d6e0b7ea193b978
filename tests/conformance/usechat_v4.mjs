// Reads our assistant stream with the AI SDK v4 client's own code (@ai-sdk/ui-utils, the
// package `useChat` runs): callChatApi as useChat calls it with streamProtocol 'data', then
// processDataStream part by part. Prints one JSON object for the Python test to check.
// Usage: node usechat_v4.mjs URL KEY QUESTION [THREAD_ID]
import { callChatApi, processDataStream } from "@ai-sdk/ui-utils";

const [url, key, question, threadId] = process.argv.slice(2);
const headers = { Authorization: `Bearer ${key}` };
const messages = [{ id: "u1", role: "user", content: question, createdAt: new Date(),
  parts: [{ type: "text", text: question }] }];
// what useChat sends with sendExtraMessageFields: true plus body: { fp, retrievalPageSize, threadId }
const body = { id: "chat-1", messages, fp: "anonymous", retrievalPageSize: 5, threadId: threadId ?? null };

let finished = null;
let updates = 0;
let ids = 0;
await callChatApi({
  api: url, body, headers, streamProtocol: "data", credentials: undefined,
  abortController: () => new AbortController(), restoreMessagesOnFailure() {},
  onResponse() {}, onUpdate() { updates += 1; }, onToolCall: undefined,
  onFinish(message, { finishReason, usage }) { finished = { message, finishReason, usage }; },
  generateId: () => `gen-${++ids}`, fetch, lastMessage: undefined,
});

const response = await fetch(url, { method: "POST", headers: { ...headers, "Content-Type": "application/json" },
  body: JSON.stringify(body) });
const seen = { text: "", sources: [], annotations: [], finish: null, startStep: null, errors: [] };
await processDataStream({
  stream: response.body,
  onTextPart(v) { seen.text += v; },
  onSourcePart(v) { seen.sources.push(v); },
  onMessageAnnotationsPart(v) { seen.annotations.push(...v); },
  onFinishMessagePart(v) { seen.finish = v; },
  onStartStepPart(v) { seen.startStep = v; },
  onErrorPart(v) { seen.errors.push(v); },
});

const m = finished.message;
console.log(JSON.stringify({
  callChatApi: {
    text: m.content, finishReason: finished.finishReason, usage: finished.usage, updates,
    annotations: m.annotations ?? [], sources: m.parts.filter(p => p.type === "source").map(p => p.source),
    textParts: m.parts.filter(p => p.type === "text").map(p => p.text),
  },
  processDataStream: { ...seen, threadHeader: response.headers.get("x-thread-id") },
}));
