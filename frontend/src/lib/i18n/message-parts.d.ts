// One part of a language's messages, cut from en.ts / hi.ts by the web build (see parts.ts).
declare module '*?messages=public' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module '*?messages=staff' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module '*?messages=status' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module '*?messages=form' {
  const messages: Record<string, unknown>;
  export default messages;
}
