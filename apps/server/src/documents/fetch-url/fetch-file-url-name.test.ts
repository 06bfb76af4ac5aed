import { describe, expect, it } from 'vitest';
import { dispositionFileName, fetchedFileName, withTypeExtension } from './fetch-file-url-name';

const url = (value: string) => new URL(value);

describe('the name of a fetched document', () => {
  it("takes the server's Content-Disposition filename first, filename* over filename", () => {
    expect(fetchedFileName('attachment; filename="Invoice 42.pdf"', url('https://x.example/download'))).toBe('Invoice 42.pdf');
    expect(fetchedFileName('inline; filename=scan.png', url('https://x.example/download'))).toBe('scan.png');
    expect(
      fetchedFileName(`attachment; filename="Facture.pdf"; filename*=UTF-8''Facture%20n%C2%B042.pdf`, url('https://x.example/download')),
    ).toBe('Facture n°42.pdf');
    expect(dispositionFileName('attachment; filename="a \\"quoted\\" name.pdf"')).toBe('a "quoted" name.pdf');
  });

  it("else the URL path's last segment, decoded; else document", () => {
    expect(fetchedFileName(undefined, url('https://x.example/files/Lettre%20%C3%A9t%C3%A9.docx?sig=abc'))).toBe('Lettre été.docx');
    expect(fetchedFileName('attachment', url('https://x.example/files/report.pdf'))).toBe('report.pdf');
    expect(fetchedFileName(undefined, url('https://x.example/'))).toBe('document');
    expect(fetchedFileName(undefined, url('https://x.example/files/'))).toBe('document');
  });

  it('keeps the last part of a name with a folder path, and passes over one that is not a plain name', () => {
    expect(fetchedFileName('attachment; filename="../../etc/passwd.txt"', url('https://x.example/a.pdf'))).toBe('passwd.txt');
    expect(fetchedFileName('attachment; filename="a\u202Efdp.exe"', url('https://x.example/a.pdf'))).toBe('a.pdf');
    expect(fetchedFileName(`attachment; filename="${'n'.repeat(300)}.pdf"`, url('https://x.example/%ZZ'))).toBe('document');
  });

  it("adds the extension of what the bytes are to a name without one of ours, and keeps a name's own", () => {
    expect(withTypeExtension('download', 'pdf')).toBe('download.pdf');
    expect(withTypeExtension('invoice.php', 'jpeg')).toBe('invoice.php.jpg');
    expect(withTypeExtension('scan.pdf', 'png')).toBe('scan.pdf');
    expect(withTypeExtension('letter.TXT', 'txt')).toBe('letter.TXT');
    expect(withTypeExtension('unknown', null)).toBe('unknown');
    expect(withTypeExtension('n'.repeat(255), 'pdf')).toBe('document.pdf');
  });
});
