/** The brand mark: a bookmark inside a rounded square, as the site and the library draw it. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path d="M11 8h10a1.5 1.5 0 0 1 1.5 1.5V24l-6.5-4.2L9.5 24V9.5A1.5 1.5 0 0 1 11 8z" fill="#fff" />
    </svg>
  );
}
