// replay.mjs: the data pane's text fed to a toolsig stream a few characters
// at a time, as a model would stream it (SPEC §12.2).
//
// The stream judges; this module only cuts the text and collects what each
// push said, so the page can show it on a timer and a test can read it
// without a browser. It stops at the first push that is invalid (the point
// of streaming: the rest of the text is not needed to know) and otherwise
// ends the stream when the text is all fed, which gives the one-shot result.

// A replay takes at most about this many steps, whatever the text's length.
const MAX_STEPS = 150;
const MIN_CHUNK = 3;

/** How many characters each push feeds for a text of this length. */
export function chunkSize(length) {
  return Math.max(MIN_CHUNK, Math.ceil(length / MAX_STEPS));
}

/**
 * The steps of streaming `text` into `sig.stream(options)`, `size`
 * characters per push: {fed (characters pushed so far), state, errors,
 * warnings, partial, done}. The last step has done true: the push that
 * became invalid, or end(). Stopping early (the generator's return())
 * releases the stream.
 */
export function* replay(sig, text, options, size = chunkSize(text.length)) {
  const stream = sig.stream(options);
  try {
    let fed = 0;
    while (fed < text.length) {
      const next = Math.min(text.length, fed + size);
      const r = stream.push(text.slice(fed, next));
      fed = next;
      // partial is readable only until the next push: taken now.
      const step = { fed, state: r.state, errors: r.errors, warnings: r.warnings, partial: r.partial, done: false };
      if (r.state === 'invalid') {
        yield { ...step, done: true };
        return;
      }
      yield step;
    }
    const r = stream.end();
    yield { fed, state: r.state, errors: r.errors, warnings: r.warnings, partial: r.partial, done: true };
  } finally {
    stream.free();
  }
}
