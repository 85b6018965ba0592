const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Escapes text for HTML. */
export const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** A small self-contained page for the embedded billing provider (no scripts, inline styles only). */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Postkeeper</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f8fafc;color:#111827;line-height:1.5}
main{max-width:460px;margin:40px auto;padding:28px;background:#fff;border:1px solid #e5e7eb;border-radius:14px}
h1{font-size:1.5rem;margin:0 0 6px}p{margin:0 0 12px;color:#4b5563}label{display:block;font-weight:600;margin:14px 0 6px}
input{width:100%;box-sizing:border-box;font:inherit;padding:10px 12px;border:1px solid #9ca3af;border-radius:10px}
button,.btn{display:inline-block;margin-top:16px;padding:11px 18px;border-radius:10px;border:1px solid transparent;background:#4f46e5;color:#fff;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
.ghost{background:#fff;color:#111827;border-color:#e5e7eb}.err{background:#fef2f2;color:#991b1b;border:1px solid #fecaca;padding:10px 12px;border-radius:10px}
.ok{background:#ecfdf5;color:#065f46;border:1px solid #a7f3d0;padding:10px 12px;border-radius:10px}dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 14px}dt{font-weight:600}dd{margin:0}
.price{font-size:2rem;font-weight:800;color:#111827}.test{font-size:.9rem;background:#eef2ff;color:#3730a3;padding:8px 12px;border-radius:10px}
</style></head><body><main>${body}</main></body></html>`;
}
