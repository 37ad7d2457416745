/** Written by the browser build, read by the server build (apps/web/catalogues.ts). */
declare module 'virtual:vela/catalogue-chunks' {
  const chunks: import('../../../catalogues.ts').CatalogueChunks;
  export default chunks;
}
