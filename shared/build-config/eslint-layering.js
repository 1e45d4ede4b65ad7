// Local lint rule: a relative import must stay inside the package that makes it.
// Package-name imports are policed by no-restricted-imports (see eslint.config.js); this closes the
// other door, `../../remotes/chat/src/x`, which would couple two deployables without anyone noticing.
import path from 'node:path';

const PACKAGE_ROOTS = /^(shell|remotes\/[^/]+|shared\/[^/]+|infra\/[^/]+|e2e)(\/|$)/;

function packageOf(repoRelativeFile) {
  const match = PACKAGE_ROOTS.exec(repoRelativeFile.split(path.sep).join('/'));
  return match ? match[1] : '';
}

/** @type {import('eslint').Rule.RuleModule} */
export const noCrossPackageRelative = {
  meta: {
    type: 'problem',
    docs: { description: 'forbid relative imports that leave the importing workspace package' },
    messages: {
      escape:
        "'{{source}}' leaves package '{{from}}'. Import another package by its name (and only in the allowed direction).",
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename);
    const from = packageOf(file);
    // Root configuration files (eslint.config.js, vitest.config.ts) may reach into packages' tooling.
    if (!from) return {};
    function check(node) {
      const source = node.source && node.source.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.relative(root, path.resolve(path.dirname(context.filename), source));
      if (packageOf(target) !== from)
        context.report({ node, messageId: 'escape', data: { source, from: from || '(root)' } });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/**
 * Local lint rule: folders that are features (or layers) import each other only as allowed (bulletproof-react's
 * "no cross-feature imports", vscode's layer allow-lists). Options: `base`, a regular expression matching the
 * folder that holds the features (its first group); `allow`, folder → folders it may import (`*` for any); `open`,
 * paths under the base every folder may import. A folder missing from `allow` may import only itself.
 */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'forbid imports between features (or layers) that the allow-list does not name' },
    messages: {
      cross:
        "'{{source}}' reaches from '{{from}}' into '{{to}}'. Features do not import each other: move what both need to a shared place, or compose them in a page.",
    },
    schema: [
      {
        type: 'object',
        properties: {
          base: { type: 'string' },
          allow: { type: 'object' },
          open: { type: 'array', items: { type: 'string' } },
        },
        required: ['base'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { base, allow = {}, open = [] } = context.options[0];
    const root = context.cwd;
    const pattern = new RegExp(`^(${base})/([^/]+)`);
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const mine = pattern.exec(file);
    if (!mine) return {};
    const [, baseDir, own] = mine;
    const ownFolder = own.includes('.') ? '' : own;
    const allowed = new Set(allow[ownFolder] ?? []);
    function check(node) {
      const source = node.source && node.source.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path
        .relative(root, path.resolve(path.dirname(context.filename), source))
        .split(path.sep)
        .join('/');
      if (!target.startsWith(`${baseDir}/`)) return;
      const inside = target.slice(baseDir.length + 1);
      const other = inside.includes('/') ? inside.split('/')[0] : '';
      if (other === ownFolder || allowed.has('*') || allowed.has(other)) return;
      if (open.includes(inside)) return;
      context.report({
        node,
        messageId: 'cross',
        data: { source, from: ownFolder || baseDir, to: other || inside },
      });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
