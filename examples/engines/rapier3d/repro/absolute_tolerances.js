#!/usr/bin/env node
'use strict';
// parry's queries carry absolute f32 thresholds, independent of the shapes' size: GJK takes the
// origin to be on its simplex (so the shapes intersect) when the simplex is closer than
// eps_tol = 10·f32::EPSILON ≈ 1.19e-6 (src/query/gjk/gjk.rs:141-144, 387-392), and the
// ball-versus-convex contact takes a ball centre within f32::EPSILON ≈ 1.19e-7 of the surface to
// be on it, depth = radius (src/query/contact/contact_ball_convex_polyhedron.rs:38, 48). Shapes
// of size 1e-9 are then in contact whatever their separation. A design choice (rapier works in
// metres, shapes far below a micrometre are outside its range).
// Case (found/3d-scale-33-*): two tetrahedra of size ~1e-11 about 4.03e-9 apart (exact distance
// 4.0327450436746639e-9 by minkowski's oracle), and two cubes of side 1e-9, 5e-10 apart.
// Exits 0 while rapier calls both pairs intersecting, 1 otherwise.
// Run: node repro/absolute_tolerances.js
const R = require('@dimforge/rapier3d-compat');

const ORIGIN = { x: 0, y: 0, z: 0 };
const IDENTITY = { x: 0, y: 0, z: 0, w: 1 };
const hull = (points) => new R.ConvexPolyhedron(Float32Array.from(points.flat()), null);

R.init().then(() => {
  const a = -9.313225746154785e-10; // −2^-30
  const b = -3.259629011154175e-9;
  const tinyA = hull([[a, a, a], [a, a, -9.220093488693237e-10], [a, -9.220093488693237e-10, a], [-9.220093488693237e-10, a, a]]);
  const tinyB = hull([[b, b, b], [b, b, b + 1e-11], [b, b + 1e-11, b], [b + 1e-11, b, b]]);
  const hit1 = tinyA.intersectsShape(ORIGIN, IDENTITY, tinyB, ORIGIN, IDENTITY);
  console.log(JSON.stringify({ case: 'tetrahedra 4e-9 apart', intersectsShape: hit1, exact: 'separated' }));
  const s = 1e-9;
  const cube = (x0) => hull([0, 1].flatMap((i) => [0, 1].flatMap((j) => [0, 1].map((k) => [x0 + i * s, j * s, k * s]))));
  const hit2 = cube(0).intersectsShape(ORIGIN, IDENTITY, cube(1.5 * s), ORIGIN, IDENTITY);
  console.log(JSON.stringify({ case: 'cubes of side 1e-9, 5e-10 apart', intersectsShape: hit2, exact: 'separated' }));
  process.exit(hit1 && hit2 ? 0 : 1);
});
