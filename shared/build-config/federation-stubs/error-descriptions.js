// What the federation runtime's browser bundles get for `@module-federation/error-codes/dist/desc` (ADR 0457): no
// sentence per code. An error still reads its code (`#RUNTIME-008`), its arguments and the link to the code's page
// in the runtime's troubleshooting guide, as React's production errors read a number and a link.
export const runtimeDescMap = {};
export const typeDescMap = {};
export const buildDescMap = {};
export const errorDescMap = {};
