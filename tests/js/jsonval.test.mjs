// The test reader of support/jsonval.mjs: the vector test trusts it to keep
// what JSON.parse loses and to compare by the vectors README, so it is
// checked on its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  JMap, JNum, equal, equalJS, equalOrdered, kindOf, parse, stringify, survivesJS, toJS,
} from './support/jsonval.mjs';

test('a number is an int iff its text has no ".", "e" or "E"', () => {
  assert.equal(kindOf(parse('1')), 'int');
  assert.equal(kindOf(parse('-0')), 'int');
  assert.equal(kindOf(parse('1.0')), 'float');
  assert.equal(kindOf(parse('1e3')), 'float');
  assert.equal(kindOf(parse('1E-7')), 'float');
  assert.equal(parse('12345678901234567890').text, '12345678901234567890');
});

test('kinds must match: an int never equals a float', () => {
  assert.ok(!equal(parse('1'), parse('1.0')));
  assert.ok(!equal(parse('"1"'), parse('1')));
  assert.ok(!equal(parse('null'), parse('false')));
  assert.ok(!equal(parse('[]'), parse('{}')));
});

test('ints compare exactly at any size, floats as doubles', () => {
  const big = '9'.repeat(10000);
  assert.ok(equal(parse(big), parse(big)));
  assert.ok(!equal(parse(big), parse(`${'9'.repeat(9999)}8`)));
  assert.ok(!equal(parse('12345678901234567890'), parse('12345678901234567891')));
  assert.ok(equal(parse('1.0'), parse('1e0')));
  assert.ok(equal(parse('0.1'), parse('0.10000000000000000001')));
  assert.ok(equal(parse('-0'), parse('0')));
});

test('maps compare without regard to key order; equalOrdered checks it', () => {
  assert.ok(equal(parse('{"a":1,"b":[2]}'), parse('{"b":[2],"a":1}')));
  assert.ok(!equalOrdered(parse('{"a":1,"b":2}'), parse('{"b":2,"a":1}')));
  assert.ok(equalOrdered(parse('{"a":1,"b":2}'), parse('{"a":1,"b":2}')));
  assert.ok(!equal(parse('{"a":1}'), parse('{"a":1,"b":2}')));
  assert.ok(!equal(parse('[1,2]'), parse('[2,1]')));
});

test('equalOrdered with intForFloat lets an int stand only for its own text with ".0"', () => {
  const opt = { intForFloat: true };
  assert.ok(!equalOrdered(parse('{"a":[42.0]}'), parse('{"a":[42]}')));
  assert.ok(equalOrdered(parse('{"a":[42.0]}'), parse('{"a":[42]}'), opt));
  assert.ok(equalOrdered(parse('-0.0'), parse('-0'), opt));
  assert.ok(equalOrdered(parse('123456789012345678901234567890.0'), parse('123456789012345678901234567890'), opt));
  assert.ok(!equalOrdered(parse('42.00'), parse('42'), opt));
  assert.ok(!equalOrdered(parse('4.2e1'), parse('42'), opt));
  assert.ok(!equalOrdered(parse('42.0'), parse('43'), opt));
  // the other way round (a float where an int is expected) is still a difference
  assert.ok(!equalOrdered(parse('42'), parse('42.0'), opt));
  assert.ok(!equalOrdered(parse('{"a":1.0,"b":2}'), parse('{"b":2,"a":1}'), opt));
});

test('repeated keys and lone surrogates are kept as written', () => {
  const m = parse('{"a":1,"a":2}');
  assert.ok(m instanceof JMap);
  assert.deepEqual(m.keys(), ['a', 'a']);
  assert.equal(m.get('a').text, '2');
  assert.equal(parse('"\\ud800"'), '\ud800');
  assert.equal(stringify(parse('{"x":[1.0,"\\udc00",null,true]}')), '{"x":[1.0,"\\udc00",null,true]}');
});

test('100 000-deep text is read without overflowing the stack', () => {
  const n = 100000;
  let v = parse('['.repeat(n) + ']'.repeat(n));
  let d = 0;
  while (Array.isArray(v) && v.length) {
    v = v[0];
    d += 1;
  }
  assert.equal(d, n - 1);
});

test('bad JSON text is refused', () => {
  for (const bad of ['', '[1,]', '{"a":1,}', '[01]', '[1.]', "'x'", 'tru', '{"a" 1}', '"\\x"', '[1] 2', '{,}']) {
    assert.throws(() => parse(bad), SyntaxError, bad);
  }
  for (const good of [' [ ] ', '{ }', '{"a":{"b":[]}}', '"\\u00e9\\/"', '-1.5e+3']) {
    assert.doesNotThrow(() => parse(good), good);
  }
});

test('equalJS compares numbers as doubles and everything else exactly', () => {
  assert.ok(equalJS(parse('1.0'), 1));
  assert.ok(equalJS(parse('12345678901234567890'), 12345678901234567890));
  assert.ok(!equalJS(parse('1'), '1'));
  assert.ok(equalJS(parse('{"a":[1,{"b":null}]}'), { a: [1, { b: null }] }));
  assert.ok(!equalJS(parse('{"a":1}'), { a: 1, b: 2 }));
  assert.ok(equalJS(parse('{"a":1,"b":2}'), { b: 2, a: 1 }));
  assert.ok(!equalJS(parse('{"a":1,"b":2}'), { b: 2, a: 1 }, { ordered: true }));
});

test('survivesJS tells which values JSON.parse keeps exactly', () => {
  assert.ok(survivesJS(parse('{"a":[1,2.5,"x",null]}')));
  assert.ok(!survivesJS(parse('1.0')));
  assert.ok(!survivesJS(parse('12345678901234567890')));
  assert.ok(!survivesJS(parse('{"a":1,"a":2}')));
  assert.deepEqual(toJS(parse('{"__proto__":1}')), JSON.parse('{"__proto__":1}'));
  assert.ok(new JNum('2') instanceof JNum);
});
