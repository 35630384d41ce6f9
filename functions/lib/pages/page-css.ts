/**
 * The pages' whole stylesheet, inline: the app's colours and print rules (frontend/src/theme.ts,
 * frontend/src/styles/global.css) in plain CSS. Scoped under .sp, so that the app, once loaded into the page,
 * is not touched by it. Phones first (360 px), wider screens from 600 px.
 */
export const PAGE_CSS = `
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#f5f5f0;color:#1c1c1c;font:16px/1.5 "Noto Sans","Noto Sans Devanagari",system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.sp a{color:#285f2a}
.sp a:focus-visible,.sp button:focus-visible{outline:3px solid #f9a825;outline-offset:2px}
.sp .top{display:flex;flex-wrap:wrap;align-items:center;column-gap:8px;row-gap:4px;padding:4px 16px;min-height:56px;box-sizing:border-box;background:#285f2a;color:#fff;box-shadow:0 2px 1px -1px rgba(0,0,0,.2)}
.sp .top a{color:#fff;text-decoration:none;font-size:.875rem;font-weight:500;border-radius:4px;padding:6px 8px;white-space:nowrap;display:inline-flex;align-items:center;min-height:40px;box-sizing:border-box}
.sp .top .brand{font-size:1.25rem;flex-grow:1;padding-left:0}
.sp .top .find{min-width:40px;justify-content:center}
.sp .top .find .wide{margin-left:6px}
.sp .top nav{width:100%;display:flex;flex-wrap:wrap;gap:2px;margin:0 -8px}
.sp .page{max-width:900px;margin:0 auto;padding:12px}
.sp .narrow{max-width:560px;margin:0 auto}
.sp .letter-page{max-width:760px;margin:0 auto}
.sp h1,.sp h2,.sp h3,.sp p{margin:0}
.sp .card{background:#fff;border:1px solid #bdbdbd;border-radius:4px;padding:12px;margin-bottom:24px}
.sp .head{display:flex;justify-content:space-between;flex-wrap:wrap;gap:16px;border-bottom:2px solid #1c1c1c;padding-bottom:8px;margin-bottom:12px}
.sp .head .right{text-align:right}
.sp .title{font-size:1.25rem;font-weight:500;line-height:1.2}
.sp .strong-title{font-size:1.25rem;font-weight:700;line-height:1.2}
.sp .big-title{font-size:1.5rem;font-weight:700}
.sp .small{font-size:.875rem}
.sp .muted{color:#5f5f5f}
.sp .blocks{display:flex;flex-wrap:wrap;gap:24px}
.sp .block{flex:1 1 260px;min-width:0}
.sp .block h2,.sp .block h3{font-size:.875rem;font-weight:500;border-bottom:1px solid #e0e0e0;margin-bottom:4px}
.sp table{width:100%;border-collapse:collapse;font-size:14px}
.sp th{text-align:left;font-weight:500;padding:3px 16px 3px 0;vertical-align:top;width:42%;color:#5f5f5f}
.sp td{padding:3px 0;overflow-wrap:anywhere}
.sp figure{margin:0;text-align:center;flex:0 0 auto}
.sp figure img{display:block;margin:0 auto}
.sp figcaption{font-size:.75rem}
.sp .ok{background:#edf7ed;color:#1e4620;border-radius:4px;padding:8px 16px;margin-bottom:16px}
.sp .warn{background:#fff4e5;color:#663c00;border:2px solid #ed6c02;border-radius:4px;padding:8px 16px;margin-bottom:16px}
.sp .error{background:#d32f2f;color:#fff;border-radius:4px;padding:12px 16px}
.sp .cancelled{border:4px solid #c62828;color:#c62828;border-radius:4px;padding:12px;margin-bottom:16px;text-align:center;background:#fff}
.sp .cancelled .mark{font-weight:800;font-size:30px;letter-spacing:4px;line-height:1.1}
.sp .cancelled p:not(.mark){color:#1c1c1c;margin-top:4px}
.sp .actions{display:flex;flex-wrap:wrap;gap:8px;justify-content:flex-end;margin-bottom:8px}
.sp .actions.start{justify-content:flex-start;margin:16px 0 0}
.sp .button{font:inherit;font-size:.875rem;font-weight:500;letter-spacing:.02em;text-transform:uppercase;padding:6px 15px;border-radius:4px;border:1px solid #285f2a;background:#fff;color:#285f2a;cursor:pointer;min-height:36px}
.sp .button.filled{background:#285f2a;color:#fff}
.sp .button.danger{border-color:#c62828;color:#c62828}
.sp .button.plain{border-color:transparent}
.sp .foot{border-top:1px solid #e0e0e0;padding:16px;margin-top:16px}
.sp .foot ul{display:flex;flex-wrap:wrap;justify-content:center;gap:8px 20px;margin:0;padding:0;list-style:none}
.sp .foot a{color:#1b5e20;display:inline-block;padding:4px 0;font-size:.875rem}
.sp .needs-js{visibility:hidden}
.js .sp .needs-js{visibility:visible}
.sp .note{min-height:1.5em;font-size:.875rem;color:#2e7d32;overflow-wrap:anywhere;margin-top:8px}
.sp .sr-only{position:absolute;width:1px;height:1px;margin:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.sp dl.facts{display:grid;grid-template-columns:minmax(7rem,max-content) 1fr;column-gap:16px;row-gap:8px;margin:0}
.sp dl.facts dt{font-weight:600;color:#5f5f5f}
.sp dl.facts dd{margin:0;overflow-wrap:anywhere}
.sp .letter{background:#fff;border:1px solid #e0e0e0;border-radius:4px;padding:16px}
.sp .letter .institute{font-size:.75rem;letter-spacing:.08em;text-transform:uppercase;line-height:1.4}
.sp .letter .head-address{display:none}
.sp .letter h1{font-size:1.25rem;font-weight:500;line-height:1.3;margin-bottom:12px}
.sp .status{border:2px solid;border-radius:4px;padding:8px 12px;margin-bottom:16px}
.sp .status.go{background:#e8f3ea;border-color:#2e7d32}
.sp .status.wait{background:#fff6e0;border-color:#ed6c02}
.sp .status.ended{background:#f1f1f1;border-color:#5f5f5f}
.sp .status .headline{font-weight:700;font-size:1.15rem;line-height:1.3}
.sp .status p+p{margin-top:4px}
.sp .status .first{font-weight:700;font-size:1.1rem}
.sp .when{border:2px solid #285f2a;border-radius:4px;padding:12px;margin-bottom:16px;display:grid;gap:8px}
.sp .when .row{display:flex;gap:24px;flex-wrap:wrap;align-items:baseline}
.sp .fact-label{font-size:.75rem;color:#5f5f5f}
.sp .reg-no{font-size:2.25rem;font-weight:700;line-height:1.1}
.sp .reg-year{font-size:1.5rem;font-weight:600;line-height:1.2}
.sp .weekday{font-size:1.6rem;font-weight:700;line-height:1.2}
.sp .date{font-size:1.35rem;font-weight:600;line-height:1.25}
.sp .shift{font-size:1.2rem;font-weight:600;line-height:1.3}
.sp .letter-qr{margin:0 0 16px}
.sp .billed{background:#2e7d32;color:#fff;border-radius:4px;padding:8px 16px;margin-bottom:16px;font-weight:600}
.sp .section{margin-bottom:16px;break-inside:avoid}
.sp .section h2{font-size:1rem;font-weight:700;margin-bottom:4px}
.sp .section ul{margin:0;padding-left:24px}
.sp dl.details{display:grid;grid-template-columns:1fr;row-gap:2px;margin:0}
.sp dl.details dt{font-weight:600;color:#5f5f5f}
.sp dl.details dd{margin:0 0 8px}
@media (min-width:900px){
.sp .top .brand{flex-grow:0;margin-right:16px}
.sp .top nav{width:auto;order:2;margin:0}
.sp .top .find{order:3;margin-left:auto}
.sp .top .lang{order:4}
}
@media (min-width:600px){
.sp .page{padding:24px}
.sp .card{padding:20px}
.sp .cancelled .mark{font-size:44px}
.sp .letter{padding:32px}
.sp dl.details{grid-template-columns:minmax(10rem,auto) 1fr;column-gap:16px;row-gap:8px}
.sp dl.details dd{margin:0}
}
@page{size:A4;margin:12mm}
@media print{
html,body{background:#fff!important;color:#000}
.sp .no-print{display:none!important}
.sp .page{margin:0;padding:0;max-width:none}
.sp a{color:inherit;text-decoration:none}
.sp .card{border:0;padding:0;margin:0;break-inside:avoid}
.sp .cancelled{margin-bottom:8px;break-inside:avoid}
.sp .letter{border:0;border-radius:0;padding:0;font-size:11pt}
.sp .letter header{text-align:center;border-bottom:2px solid #000;padding-bottom:6px;margin-bottom:12px;color:#000}
.sp .letter .institute{font-size:15pt;font-weight:700;letter-spacing:0;text-transform:none}
.sp .letter .head-address{display:block;font-size:10pt}
.sp .letter h1{font-size:13pt;text-align:center}
.sp .status{background:transparent!important;border:2px solid #000!important;color:#000}
.sp .when{border:2px solid #000;padding:10px}
.sp .letter-qr{float:right;margin:0 0 0 16px}
.sp .letter-qr img{width:96px;height:96px}
.sp .letter-qr figcaption{display:none}
.sp .billed{background:transparent;color:#000;border:1px solid #000}
.sp dl.details{grid-template-columns:12rem 1fr;row-gap:6px}
.sp dl.details dd{margin:0}
}
`
  .replace(/\n/g, '')
  .trim();
