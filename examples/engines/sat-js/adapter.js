#!/usr/bin/env node
'use strict';
// adapter.js — SAT.js (npm "sat", version pinned in package.json) behind the
// `minkowski check --exec` protocol (docs/design.md, "The --exec protocol"). Run it with
// `--precision double`: SAT.js computes in JavaScript numbers (IEEE doubles).
//
//   usage: node adapter.js [--skip-log FILE]
//     --skip-log FILE  at the end of input, appends one line per reason a case was skipped, with its count
//
// How each case is handed to SAT.js (see README.md for why):
//   hull of 3+ points, radius 0   SAT.Polygon at pos (0,0) with the hull's vertices, counter-clockwise
//   hull of 2 points, radius 0    SAT.Polygon of 2 points (SAT.js's documented line segment)
//   1 point, any radius           SAT.Circle at the point with that radius (radius 0: a point)
//   2+ points with radius > 0     skip: SAT.js has no capsule or rounded polygon
// and the pair goes to testPolygonPolygon / testPolygonCircle / testCirclePolygon /
// testCircleCircle with a fresh SAT.Response.
//
// What is answered:
//   intersects   the test's boolean (SAT.js counts touching as colliding: its gap tests are strict)
//   normal       response.overlapN — SAT.js's "shortest colliding axis", pointing from a to b: B
//                moved by overlapN·overlap separates (README: subtracting overlapV from a's position
//                does)
//   depth        response.overlap
// Only when intersecting: SAT.js computes no distance or closest points for separated shapes,
// and no contact points.

const SAT = require('sat');
const { serve, parseArgs } = require('../js-common/protocol.js');
const { convexHull } = require('../js-common/hull.js');

/// The SAT.js object for one shape, or a string saying why SAT.js cannot represent it.
function toSat(shape) {
  const hull = convexHull(shape.points);
  if (hull.length === 1) return new SAT.Circle(new SAT.Vector(hull[0][0], hull[0][1]), shape.radius);
  if (shape.radius > 0) return hull.length === 2 ? 'capsule' : 'rounded polygon';
  return new SAT.Polygon(new SAT.Vector(0, 0), hull.map(([x, y]) => new SAT.Vector(x, y)));
}

function answer(c) {
  const a = toSat(c.a);
  const b = toSat(c.b);
  if (typeof a === 'string' || typeof b === 'string') return { skip: typeof a === 'string' ? a : b };
  const aCircle = a instanceof SAT.Circle;
  const bCircle = b instanceof SAT.Circle;
  const response = new SAT.Response();
  let hit;
  if (aCircle && bCircle) hit = SAT.testCircleCircle(a, b, response);
  else if (aCircle) hit = SAT.testCirclePolygon(a, b, response);
  else if (bCircle) hit = SAT.testPolygonCircle(a, b, response);
  else hit = SAT.testPolygonPolygon(a, b, response);
  if (!hit) return { intersects: false };
  return { intersects: true, normal: [response.overlapN.x, response.overlapN.y], depth: response.overlap };
}

const options = parseArgs(process.argv.slice(2), 'sat-js/adapter.js', []);
serve(answer, 'sat-js/adapter.js', options.skipLog);
