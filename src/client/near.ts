/**
 * `run`, once: when the first of `elements` comes within 600 px of the viewport. Returns the
 * starter, for the events that should also start it (a focus inside, the visitor's first key).
 * Without IntersectionObserver it runs at once.
 */
export function onceNear(elements: Iterable<Element>, run: () => void): () => void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    run();
  };
  const observer =
    "IntersectionObserver" in window
      ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), {
          rootMargin: "600px 0px",
        })
      : undefined;
  if (!observer) start();
  else for (const el of elements) observer.observe(el);
  return start;
}
