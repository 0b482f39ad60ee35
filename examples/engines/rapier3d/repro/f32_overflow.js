#!/usr/bin/env node
'use strict';
// parry's Voronoi-region tests multiply cross products of CSO edges: a triangle's region test
// forms n·(ab × ap) with n = ab × ac (src/query/point/point_triangle.rs:157-170), and the
// simplex checks |ab × ac|² (src/query/gjk/voronoi_simplex3.rs:72): fourth powers of the edge
// length. In f32 (max 3.4e38) they overflow once edges pass (3.4e38)^(1/4) ≈ 4.3e9, and
// inf − inf = NaN propagates into the contact: normal (0,0,0), depth NaN, points NaN.
// Case (found/3d-scale-f32-overflow.json): the tetrahedron (0,0,0), (s,0,0), (0,s,0), (0,0,s)
// and its copy moved by t(1,1,1), t = s/4, s = 2^32: overlapping; along n = (1,1,1)/√3 the copy
// must leave A's face x + y + z = s from its lowest point (sum 3t), so the exact depth is
// (s − 3t)/√3 = s/(4√3) ≈ 6.2e8 (no other face of the difference is nearer). The same pair at
// s = 2^31 is answered with finite numbers.
// Exits 0 while rapier answers NaN at 2^32 (and finite at 2^31), 1 otherwise.
// Run: node repro/f32_overflow.js
const R = require('@dimforge/rapier3d-compat');

const ORIGIN = { x: 0, y: 0, z: 0 };
const IDENTITY = { x: 0, y: 0, z: 0, w: 1 };
const tetra = (s, t) => new R.ConvexPolyhedron(Float32Array.from([[0, 0, 0], [s, 0, 0], [0, s, 0], [0, 0, s]].flatMap((p) => p.map((v) => v + t))), null);

R.init().then(() => {
  const depthAt = (s) => {
    const k = tetra(s, 0).contactShape(ORIGIN, IDENTITY, tetra(s, s / 4), ORIGIN, IDENTITY, 0);
    return k === null ? null : -k.distance;
  };
  const small = depthAt(2 ** 31);
  const large = depthAt(2 ** 32);
  console.log(JSON.stringify({ depthAt2pow31: small, exact2pow31: 2 ** 31 / (4 * Math.sqrt(3)), depthAt2pow32: String(large), exact2pow32: 2 ** 32 / (4 * Math.sqrt(3)) }));
  process.exit(Number.isFinite(small) && large !== null && Number.isNaN(large) ? 0 : 1);
});
