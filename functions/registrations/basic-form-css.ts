/**
 * The registration form's rules, after the pages' stylesheet (functions/lib/pages/page-css.ts) and scoped as it is
 * (under .sp .basic): fields a thumb can hit at 360 px, each message in red beside its field.
 */
export const BASIC_FORM_CSS = `
.sp .basic{max-width:40rem;margin:0 auto}
.sp .basic,.sp .basic *{box-sizing:border-box}
.sp .basic h1{font-size:1.35rem;font-weight:700;line-height:1.3;margin:.4rem 0 .75rem}
.sp .basic p{margin:0 0 .75rem}
.sp .basic form{margin-top:16px}
.sp .basic .field{margin:0 0 14px}
.sp .basic label{display:block;font-weight:600;margin-bottom:4px}
.sp .basic input[type=text],.sp .basic input[type=tel],.sp .basic select{width:100%;font:inherit;padding:10px;border:1px solid #767676;border-radius:4px;background:#fff;color:inherit}
.sp .basic input[type=file]{font:inherit;max-width:100%}
.sp .basic .hint{margin:3px 0 0;font-size:.875rem;color:#555}
.sp .basic .err{margin:3px 0 0;font-size:.875rem;color:#b00020;font-weight:600}
.sp .basic [aria-invalid=true]{border:2px solid #b00020}
.sp .basic .alert{background:#fff;border:2px solid #b00020;border-radius:4px;padding:10px 12px;margin:0 0 16px}
.sp .basic .alert h2{font-size:1.05rem;margin:0 0 4px;color:#b00020}
.sp .basic .alert ul{margin:6px 0 0;padding-left:20px}
.sp .basic .notice{background:#fff;border:1px solid #ccc;border-radius:4px;padding:10px 12px;margin:0 0 14px}
.sp .basic .notice h2{font-size:1.05rem;margin:0 0 4px}
.sp .basic .consent{display:flex;gap:8px;align-items:flex-start}
.sp .basic .consent input{width:22px;height:22px;flex:none;margin:2px 0 0}
.sp .basic button{font:inherit;font-weight:600;color:#fff;background:#285f2a;border:0;border-radius:4px;padding:12px 20px;min-width:10rem;cursor:pointer}
.sp .basic button.enter{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}
.sp .basic .code{border-left:3px solid #285f2a;padding-left:10px}
.sp .basic button.second{color:#285f2a;background:#fff;border:2px solid #285f2a;padding:10px 16px;margin:0 0 10px;max-width:100%}
`
  .replace(/\n/g, '')
  .trim();
