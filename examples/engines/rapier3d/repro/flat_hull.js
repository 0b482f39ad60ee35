#!/usr/bin/env node
'use strict';
// A hull of coplanar points is accepted by rapier (ConvexPolyhedron(points, null) builds it) as a
// zero-volume polyhedron whose two sides are faces with opposite normals. parry's
// ConvexPolyhedron::feature_normal gives an edge the normalised sum of its two faces' normals and
// a vertex the normalised sum of its faces' (src/shape/convex_polyhedron.rs:928-945,
// Unit::new_normalize, unchecked): n + (−n) = 0 normalises to NaN. The ball–convex contact takes
// that feature normal when the ball's centre is within f32::EPSILON of the surface
// (src/query/contact/contact_ball_convex_polyhedron.rs:38, 47-52), so a point on (or 1.9e-9 from)
// a flat square gets normal NaN. Observed too, cause not traced to a line: intersectsShape calls a
// flat square 2^-15 above a prism intersecting, while contactShape measures the gap right.
// Cases (found/3d-cells-837-*, found/3d-cells-104-*), placed as the adapter places them.
// Exits 0 while rapier shows both symptoms, 1 otherwise.
// Run: node repro/flat_hull.js
const R = require('@dimforge/rapier3d-compat');

const IDENTITY = { x: 0, y: 0, z: 0, w: 1 };
const centroid = (pts) => [0, 1, 2].map((k) => pts.reduce((s, p) => s + p[k], 0) / pts.length);
const placed = (pts) => {
  const c = centroid(pts);
  const shape = new R.ConvexPolyhedron(Float32Array.from(pts.flatMap((p) => p.map((v, k) => v - c[k]))), null);
  return { shape, at: { x: c[0], y: c[1], z: c[2] } };
};

R.init().then(() => {
  // 1. The square [-0.25,0]×[-0.125,0.25] in z = 0 and the point (−0.125, 0.125, −2^-29):
  //    exact answer separated by 2^-29 = 1.86e-9, the nearest feature the square's face.
  const square = placed([[-0.25, 0.25, 0], [0, 0.25, 0], [0, -0.125, 0], [-0.25, -0.125, 0]]);
  const k1 = square.shape.contactShape(square.at, IDENTITY, new R.Ball(0), { x: -0.125, y: 0.125, z: -(2 ** -29) }, IDENTITY, 1);
  const nan = k1 !== null && [k1.normal1.x, k1.normal1.y, k1.normal1.z].some(Number.isNaN);
  console.log(JSON.stringify({ case: 'point 1.9e-9 below a flat square', normal: k1 && [k1.normal1.x, k1.normal1.y, k1.normal1.z].map(String), symptom: nan }));

  // 2. The square [0,0.25]×[-0.25,0] in z = 0 above a sheared box (a parallelogram prism) whose
  //    top face is z = −2^-15: exact distance 2^-15 = 3.0517578125e-5.
  const flat = placed([[0, -0.25, 0], [0.25, -0.25, 0], [0.25, 0, 0], [0, 0, 0]]);
  const top = -(2 ** -15);
  const base = [[0, -0.375], [0.25, -0.125], [0.25, 0.125], [0, -0.125]];
  const prism = placed(base.flatMap(([x, y]) => [[x, y, top], [x, y, top - 0.125]]));
  const hit = flat.shape.intersectsShape(flat.at, IDENTITY, prism.shape, prism.at, IDENTITY);
  const k2 = flat.shape.contactShape(flat.at, IDENTITY, prism.shape, prism.at, IDENTITY, 1);
  console.log(JSON.stringify({ case: 'flat square 2^-15 above a prism', intersectsShape: hit, contactDistance: k2 && k2.distance, exact: 2 ** -15, symptom: hit }));
  process.exit(nan && hit ? 0 : 1);
});
