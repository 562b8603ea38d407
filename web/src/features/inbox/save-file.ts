/** Hands the browser a file to save (a CSV of enquiries, a buyer's data as JSON). */
export function saveFile(name: string, contents: string, type: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([contents], { type: `${type};charset=utf-8` }));
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for any browser to have started the download.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
