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
