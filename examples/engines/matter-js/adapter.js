#!/usr/bin/env node
'use strict';
// adapter.js — matter-js (npm "matter-js", version pinned in package.json) behind the
// `minkowski check --exec` protocol (docs/design.md, "The --exec protocol"). Run it with
// `--precision double`: matter-js computes in JavaScript numbers (IEEE doubles).
//
//   usage: node adapter.js [--skip-log FILE]
//     --skip-log FILE  at the end of input, appends one line per reason a case was skipped, with its count
//
// How each case is handed to matter-js (see README.md for why):
//   hull of 3+ points, radius 0   Matter.Body.create({vertices: hull}) (counter-clockwise with y up,
//                                 which is matter-js's clockwise with y down), moved with
//                                 Body.setPosition to matter's own centroid of the hull
//                                 (Vertices.centre); then its world vertices are set back to the
//                                 hull's exact coordinates, undoing the rounding of the recentring
//                                 (x − c) + c. Axes, position and everything else are matter's.
//   anything else                 skip: matter-js bodies are polygons; Bodies.circle is a
//                                 polygon approximation of a circle, and a point, segment, capsule
//                                 or rounded polygon has no body (a zero-area body gets a
//                                 NaN centroid and mass).
// The pair goes to Matter.Collision.collides(bodyA, bodyB) (0.19+; SAT.collides before).
//
// What is answered:
//   intersects   collides() returned a collision record (touching is not a collision: its overlap
//                test is `overlap <= 0 → none`)
//   normal       −collision.normal: matter's normal points from B to A (its resolver moves A along
//                +normal and B along −normal), and it orients it by the centroids, not by the
//                penetration (bodies swapped by id are accounted for)
//   depth        collision.depth
//   contacts     collision.supports (1 or 2 vertices of one body inside the other), each with
//                depth = collision.depth: matter-js has one depth per pair, which its resolver
//                applies to every support
// Only when intersecting: matter-js computes no distance or closest points.

const Matter = require('matter-js');
const { serve, parseArgs } = require('../js-common/protocol.js');
const { convexHull } = require('../js-common/hull.js');

/// A matter-js body whose world vertices are exactly the shape's hull, or a string saying why
/// matter-js has no such body.
function toBody(shape) {
  const hull = convexHull(shape.points);
  if (shape.radius > 0) return hull.length === 1 ? 'circle' : hull.length === 2 ? 'capsule' : 'rounded polygon';
  if (hull.length < 3) return hull.length === 1 ? 'point' : 'segment';
  const vertices = hull.map(([x, y]) => ({ x, y }));
  const body = Matter.Body.create({ vertices });
  Matter.Body.setPosition(body, Matter.Vertices.centre(vertices));
  body.vertices.forEach((v, i) => {
    v.x = hull[i][0];
    v.y = hull[i][1];
  });
  Matter.Bounds.update(body.bounds, body.vertices, body.velocity);
  return body;
}

function answer(c) {
  const a = toBody(c.a);
  const b = toBody(c.b);
  if (typeof a === 'string' || typeof b === 'string') return { skip: typeof a === 'string' ? a : b };
  const collision = Matter.Collision.collides(a, b);
  if (collision === null) return { intersects: false };
  // From B to A for collision.bodyA/bodyB; those are ours, or swapped when ids say so.
  const sign = collision.bodyA === a ? -1 : 1;
  const normal = [sign * collision.normal.x + 0, sign * collision.normal.y + 0];
  const contacts = collision.supports
    .slice(0, collision.supportCount)
    .map((v) => ({ point: [v.x, v.y], depth: collision.depth }));
  return { intersects: true, normal, depth: collision.depth, contacts };
}

const options = parseArgs(process.argv.slice(2), 'matter-js/adapter.js', []);
serve(answer, 'matter-js/adapter.js', options.skipLog);
