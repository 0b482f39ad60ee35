#!/usr/bin/env node
'use strict';
// adapter.js — planck.js (npm "planck", version pinned in package.json; a JavaScript port of
// Box2D) behind the `minkowski check --exec` protocol (docs/design.md, "The --exec protocol").
// Run it with `--precision double`: planck computes in JavaScript numbers (IEEE doubles).
//
//   usage: node adapter.js [--skip-log FILE] [--keep-skin]
//     --skip-log FILE  at the end of input, appends one line per reason a case was skipped, with its count
//     --keep-skin  leave planck's polygon skin (m_radius = Settings.polygonRadius = 2·linearSlop
//                  = 0.01) on every polygon, as a planck world would; the judge then sees every
//                  polygon dilated by 0.01 — planck's design, measured on purpose.
//
// How each case is handed to planck (identity transforms: case coordinates are world coordinates;
// see README.md for why):
//   1 point, any radius           planck.CircleShape(point, radius) (radius 0: a point)
//   hull of 3..12 points          planck.PolygonShape(hull), then m_radius = the case's radius (0
//                                 for a plain polygon, r for a rounded one) unless --keep-skin
//   skip                          hulls of 2 points (segments, capsules: planck's EdgeShape is
//                                 one-sided boundary geometry, with no edge–edge or polygon–edge
//                                 collide function), hulls of more than Settings.maxPolygonVertices
//                                 (12; PolygonShape silently keeps only the first 12 points), and
//                                 every hull PolygonShape does not keep vertex for vertex (it welds
//                                 points closer than 0.5·linearSlop = 0.0025 and, left with fewer
//                                 than 3, silently becomes a 2×2 box; its floating-point
//                                 gift-wrapping may drop a nearly collinear vertex)
//
// What is answered (as Box2D 2.4 computes it):
//   intersects            planck.testOverlap (GJK distance with radii < 10·EPSILON)
//   distance, point_a,    planck.Distance with useRadii = true, when not intersecting
//   point_b
//   normal, contacts      CollidePolygons / CollidePolygonCircle / CollideCircles, read through
//                         Manifold.getWorldManifold: normal from A to B, each point (planck puts
//                         it midway between the two surfaces), depth = −separation. A circle A
//                         against a polygon B is CollidePolygonCircle(B, A) with the normal negated.
//   depth                 the deepest contact's depth (Box2D has no separate penetration query)
// normal/depth/contacts are given only when intersecting and the manifold has points.

const planck = require('planck');
const { serve, parseArgs } = require('../js-common/protocol.js');
const { convexHull } = require('../js-common/hull.js');

const options = parseArgs(process.argv.slice(2), 'planck-js/adapter.js', ['--keep-skin']);
const keepSkin = options['--keep-skin'];

const identity = planck.Transform.identity();

/// The planck shape for one case shape, or a string saying why planck cannot represent it as given.
function toShape(shape) {
  const hull = convexHull(shape.points);
  if (hull.length === 1) return new planck.CircleShape(planck.Vec2(hull[0][0], hull[0][1]), shape.radius);
  if (hull.length === 2) return shape.radius > 0 ? 'capsule' : 'segment';
  if (hull.length > planck.Settings.maxPolygonVertices) return 'more than maxPolygonVertices (12) vertices';
  const polygon = new planck.PolygonShape(hull.map(([x, y]) => planck.Vec2(x, y)));
  const kept = polygon.m_vertices;
  if (polygon.m_count !== hull.length) return 'PolygonShape welded or dropped vertices';
  const keptSet = new Set(kept.map((v) => `${v.x},${v.y}`));
  if (!hull.every(([x, y]) => keptSet.has(`${x},${y}`))) return 'PolygonShape changed the vertices';
  if (!keepSkin) polygon.m_radius = shape.radius;
  return polygon;
}

function manifoldOf(a, b) {
  const manifold = new planck.Manifold();
  const aCircle = a.getType() === 'circle';
  const bCircle = b.getType() === 'circle';
  let flipped = false;
  if (aCircle && bCircle) planck.CollideCircles(manifold, a, identity, b, identity);
  else if (bCircle) planck.CollidePolygonCircle(manifold, a, identity, b, identity);
  else if (aCircle) {
    planck.CollidePolygonCircle(manifold, b, identity, a, identity);
    flipped = true;
  } else planck.CollidePolygons(manifold, a, identity, b, identity);
  if (manifold.pointCount === 0) return null;
  const [first, second] = flipped ? [b, a] : [a, b];
  const world = manifold.getWorldManifold(null, identity, first.getRadius(), identity, second.getRadius());
  const sign = flipped ? -1 : 1;
  const contacts = [];
  for (let i = 0; i < manifold.pointCount; i += 1) {
    contacts.push({ point: [world.points[i].x, world.points[i].y], depth: -world.separations[i] });
  }
  return { normal: [sign * world.normal.x + 0, sign * world.normal.y + 0], contacts };
}

function answer(c) {
  const a = toShape(c.a);
  const b = toShape(c.b);
  if (typeof a === 'string' || typeof b === 'string') return { skip: typeof a === 'string' ? a : b };
  if (planck.testOverlap(a, 0, b, 0, identity, identity)) {
    const m = manifoldOf(a, b);
    if (m === null) return { intersects: true };
    const depth = Math.max(...m.contacts.map((k) => k.depth));
    return { intersects: true, normal: m.normal, depth, contacts: m.contacts };
  }
  const input = new planck.DistanceInput();
  input.proxyA.set(a, 0);
  input.proxyB.set(b, 0);
  input.transformA.setTransform(identity);
  input.transformB.setTransform(identity);
  input.useRadii = true;
  const output = new planck.DistanceOutput();
  const cache = new planck.SimplexCache();
  planck.Distance(output, cache, input);
  return {
    intersects: false,
    distance: output.distance,
    point_a: [output.pointA.x, output.pointA.y],
    point_b: [output.pointB.x, output.pointB.y],
  };
}

serve(answer, 'planck-js/adapter.js', options.skipLog);
