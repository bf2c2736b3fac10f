/**
 * Finds places in the renderer's source that format a number or a time on their own instead of
 * through src/renderer/lib/format.ts. It reads the syntax tree (TypeScript's parser, no type
 * check, so it takes a second), and knows four ways a view slips:
 *  - a formatting call: toFixed, toLocaleString, toISOString, a Date's getHours()… or an Intl
 *    formatter (a hand-built time string needs the getters, so it is caught here too);
 *  - a raw figure shown as it came: a price, size, amount… field put straight into text
 *    (`${order.price}`, `{balance.usd}`), where the user's style and separators are lost;
 *  - a figure rounded or computed for display in place (`${Math.round(ms / 1000)} s`);
 *  - a raw number shown as text: a template part or a JSX child that is arithmetic, or a
 *    list's length (counts get the thousands separator too);
 *  - a thousands separator made by hand (a regular expression grouping digits by three).
 * "Text" is a JSX child, a title/aria-label/placeholder attribute, or a template literal whose
 * own words make it a sentence (keys like `${a}|${b}` and CSS like `translateY(${y}px)` are not).
 */
import ts from 'typescript';

export interface Finding {
  line: number;
  rule: 'formatting-call' | 'intl-formatter' | 'raw-figure' | 'raw-count' | 'hand-rounded' | 'raw-arithmetic' | 'hand-grouped';
  text: string;
}

const FORMATTING_CALLS = new Set([
  'toFixed',
  'toPrecision',
  'toExponential',
  'toLocaleString',
  'toLocaleDateString',
  'toLocaleTimeString',
  'toDateString',
  'toTimeString',
  'toUTCString',
  'toISOString',
  'toGMTString',
  'getFullYear',
  'getMonth',
  'getDate',
  'getDay',
  'getHours',
  'getMinutes',
  'getSeconds',
  'getUTCFullYear',
  'getUTCMonth',
  'getUTCDate',
  'getUTCDay',
  'getUTCHours',
  'getUTCMinutes',
  'getUTCSeconds',
]);

const INTL_FORMATTERS = new Set(['NumberFormat', 'DateTimeFormat', 'RelativeTimeFormat', 'DurationFormat', 'PluralRules']);

/** The last name of a field that holds a figure the exchange or the core sent as is. */
const FIGURE_NAME = /(price|size|amount|shares|usd|balance|equity|notional|pnl|fee|cost|collateral|funding|volume|quantity|qty|payout|proceeds)$/i;

/** Attributes whose value the user reads or hears. */
// A placeholder is not here: it shows what to type, and inputs take plain decimals (decision 30/02).
const TEXT_ATTRIBUTES = new Set(['title', 'aria-label', 'aria-valuetext', 'aria-description', 'alt', 'label']);

/** A text attribute, or the `value` of a component (`<Stat value={…}>` shows it; an <input>'s value is what is typed). */
function isTextAttribute(attribute: ts.JsxAttribute): boolean {
  const name = attribute.name.getText();
  if (TEXT_ATTRIBUTES.has(name)) return true;
  const tag = attribute.parent.parent.tagName.getText();
  return name === 'value' && /^[A-Z]/.test(tag) && !/(Input|Field|Select)$/.test(tag);
}

/** CSS and keys: template literals that are not sentences. */
const NOT_TEXT = /(px|%|deg|em|rem|vh|vw|ms)\b|translate|rotate|scale|calc\(|rgba?\(|var\(|^[^A-Za-z]*$/;

function lastName(node: ts.Expression): string | null {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isNonNullExpression(node) || ts.isParenthesizedExpression(node)) return lastName(node.expression);
  return null;
}

function isMathRounding(node: ts.Node): boolean {
  return (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    ts.isIdentifier(node.expression.expression) &&
    node.expression.expression.text === 'Math' &&
    ['round', 'ceil', 'floor', 'trunc'].includes(node.expression.name.text)
  );
}

const ARITHMETIC = new Set([ts.SyntaxKind.SlashToken, ts.SyntaxKind.AsteriskToken, ts.SyntaxKind.MinusToken, ts.SyntaxKind.PercentToken]);

/** What is wrong with an expression shown as text, or null. */
function shownProblem(expression: ts.Expression): Finding['rule'] | null {
  let node: ts.Expression = expression;
  while (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node)) node = node.expression;
  if (isMathRounding(node)) return 'hand-rounded';
  // `String(count)` is the number as it came, without its separators.
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'String' && node.arguments.length === 1) {
    const inner = node.arguments[0]!;
    return shownProblem(inner) ?? (/(count|left|total)$/i.test(lastName(inner) ?? '') ? 'raw-count' : null);
  }
  if (ts.isBinaryExpression(node) && ARITHMETIC.has(node.operatorToken.kind)) return 'raw-arithmetic';
  const name = lastName(node);
  if (name !== null && FIGURE_NAME.test(name)) return 'raw-figure';
  if (name === 'length') return 'raw-count';
  // `a ?? b`, `c ? a : b`: either branch may be what is shown.
  if (ts.isConditionalExpression(node)) return shownProblem(node.whenTrue) ?? shownProblem(node.whenFalse);
  if (ts.isBinaryExpression(node) && (node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || node.operatorToken.kind === ts.SyntaxKind.BarBarToken)) {
    return shownProblem(node.left) ?? shownProblem(node.right);
  }
  return null;
}

function templateIsText(template: ts.TemplateExpression): boolean {
  const words = [template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join(' ');
  return !NOT_TEXT.test(words.trim());
}

/** The JSX attribute a node is the value of (or is inside), or null. */
function attributeOf(node: ts.Node): ts.JsxAttribute | null {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isJsxAttribute(parent)) return parent;
    if (ts.isJsxElement(parent) || ts.isJsxSelfClosingElement(parent) || ts.isJsxFragment(parent) || ts.isFunctionLike(parent)) return null;
  }
  return null;
}

const isTextAttributeOrNone = (attribute: ts.JsxAttribute | null) => attribute === null || isTextAttribute(attribute);

/** Inside something shown: a JSX child, a text attribute, or a sentence-like template. */
function inShownText(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isJsxAttribute(parent)) return isTextAttribute(parent);
    if (ts.isJsxExpression(parent) && (ts.isJsxElement(parent.parent) || ts.isJsxFragment(parent.parent))) return true;
    if (ts.isTemplateExpression(parent) && templateIsText(parent)) return true;
    if (ts.isJsxElement(parent) || ts.isJsxSelfClosingElement(parent) || ts.isJsxFragment(parent) || ts.isFunctionLike(parent) || ts.isStatement(parent)) return false;
  }
  return false;
}

/** `cell: (row) => …` in a column definition (DataTable, VirtualTable, the Activity table). */
function isCellRenderer(node: ts.Node): node is ts.ArrowFunction {
  return ts.isArrowFunction(node) && ts.isPropertyAssignment(node.parent) && node.parent.name.getText() === 'cell';
}

export function scanSource(fileName: string, source: string): Finding[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const findings: Finding[] = [];
  const add = (node: ts.Node, rule: Finding['rule']) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    findings.push({ line: line + 1, rule, text: node.getText(file).replace(/\s+/g, ' ').slice(0, 80) });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && FORMATTING_CALLS.has(node.expression.name.text)) {
      add(node, 'formatting-call');
    } else if (ts.isRegularExpressionLiteral(node) && /\(\\d\{3\}\)/.test(node.text)) {
      add(node, 'hand-grouped');
    } else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Intl' && INTL_FORMATTERS.has(node.name.text)) {
      add(node, 'intl-formatter');
    } else if (ts.isTemplateExpression(node) && (templateIsText(node) || inShownText(node)) && isTextAttributeOrNone(attributeOf(node))) {
      for (const span of node.templateSpans) {
        const rule = shownProblem(span.expression);
        if (rule) add(span.expression, rule);
      }
    } else if (isCellRenderer(node) && !ts.isBlock(node.body)) {
      // A table column's `cell: (row) => row.size` is shown as the cell's text.
      const rule = shownProblem(node.body);
      if (rule) add(node.body, rule);
    } else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent) || inShownText(node))) {
      const rule = shownProblem(node.expression);
      if (rule) add(node.expression, rule);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
}
