import { chromium } from 'playwright-core';
const b = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const [lang, width, ...paths] = process.argv.slice(2);
const ctx = await b.newContext({ viewport: { width: Number(width), height: 860 }, baseURL: 'http://localhost:3200' });
await ctx.addInitScript((l) => localStorage.setItem('language', l), lang);
const p = await ctx.newPage();
for (const path of paths) {
  if (path === 'LOGIN') {
    const pw = process.env.PW;
    await ctx.request.post('/api/auth/sign-in', {
      data: { identifier: 'customer@demo.faxline.localhost', password: pw },
      headers: { origin: 'http://localhost:3200' },
    });
    continue;
  }
  await p.goto(path);
  await p.waitForTimeout(1200);
  const f = `/tmp/shot/${lang}-${width}-${path.replace(/\W/g, '_')}.png`;
  await p.screenshot({ path: f, fullPage: true });
  console.log(f);
}
await b.close();
