/** The brand mark: an open gate over a rising path (decorative; the brand name is beside it). */
export function Logo() {
  return (
    <svg className="logo" width="36" height="36" viewBox="0 0 36 36" aria-hidden="true">
      <rect width="36" height="36" rx="9" className="logo-bg" />
      <path d="M9 27V14a9 9 0 0 1 18 0v13" className="logo-arch" />
      <path d="M14 27l4-9 4 9" className="logo-path" />
    </svg>
  );
}
