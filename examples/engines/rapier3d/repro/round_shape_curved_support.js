#!/usr/bin/env node
'use strict';
// parry runs its support-map queries on a round shape's whole surface: RoundShape's support point
// is the core's plus border_radius·dir (src/shape/round_shape.rs:280-282; a capsule's likewise,
// src/shape/capsule.rs:412-417), and a point is projected on a round shape by GJK on that support
// map (src/query/point/point_round_shape.rs:8-20). Near contact, GJK on the curved surface ends
// through the exits that carry no error bound — the origin within eps_tol of the simplex
// (src/query/gjk/gjk.rs:387-392), an upper bound that stopped decreasing (395-402), a support
// point already in the simplex (420-427) — with a simplex inscribed in the rounding: the answer
// is off by far more than GJK's relative tolerance (1.09e-3 of the distance, gjk.rs:413).
// Cases (found/3d-cells-1-*, found/3d-cells-180-*), placed as the adapter places them (around
// the centroid): exact answers by minkowski's oracle.
// Exits 0 while rapier shows the symptom on both cases, 1 when it is gone.
// Run: node repro/round_shape_curved_support.js
const R = require('@dimforge/rapier3d-compat');

const IDENTITY = { x: 0, y: 0, z: 0, w: 1 };
const centroid = (pts) => [0, 1, 2].map((k) => pts.reduce((s, p) => s + p[k], 0) / pts.length);
const at = (c) => ({ x: c[0], y: c[1], z: c[2] });

R.init().then(() => {
  // 1. A round hexahedron (border radius 1/64) touching a point at its lowest vertex's rounding:
  //    exact answer touching (distance 0), direction (0, 0, −1) from A to B.
  const coreA = [[0.125, -0.125, 0], [-0.125, -0.25, 0.25], [0.25, 0.125, 0.25], [0, 0, 0.5],
    [0.375, -0.375, 0.125], [0.125, -0.5, 0.375], [0.5, -0.125, 0.375], [0.25, -0.25, 0.625]];
  const c = centroid(coreA);
  const roundA = new R.RoundConvexPolyhedron(Float32Array.from(coreA.flatMap((p) => p.map((v, k) => v - c[k]))), null, 1 / 64);
  const k1 = roundA.contactShape(at(c), IDENTITY, new R.Ball(0), at([0.125, -0.125, -0.015625]), IDENTITY, 1);
  // The judge's float bound for a depth or distance here is 64·2^-24·S with S = 0.625.
  const bound1 = 64 * 2 ** -24 * 0.625;
  const symptom1 = k1 !== null && Math.abs(k1.distance) > bound1;
  console.log(JSON.stringify({ case: 'round hull vs point, touching', distance: k1 && k1.distance, exact: 0, bound: bound1, symptom: symptom1 }));

  // 2. A capsule (segment (0,−0.125,0)–(0.25,−0.125,0), radius 1/64) under an axis-aligned box
  //    whose bottom face is at z = 0.015655517578125: exact distance 2^-15 = 3.0517578125e-5.
  const capsule = new R.Capsule(0.125, 1 / 64);
  // The adapter's rotation: the quarter turn about z taking the y axis onto −x (the segment's
  // direction from its second extreme to its first).
  const quarterTurn = { x: 0, y: 0, z: Math.SQRT1_2, w: Math.SQRT1_2 };
  const box = new R.Cuboid(0.125, 0.1875, 0.0625);
  const boxCentre = { x: 0.125, y: -0.0625, z: 0.015655517578125 + 0.0625 };
  const capsuleAt = { x: 0.125, y: -0.125, z: 0 };
  const hit = capsule.intersectsShape(capsuleAt, quarterTurn, box, boxCentre, IDENTITY);
  // contactShape on the same pair reports a positive distance: the two queries disagree.
  const k2 = capsule.contactShape(capsuleAt, quarterTurn, box, boxCentre, IDENTITY, 1);
  console.log(JSON.stringify({ case: 'capsule under a box, 2^-15 apart', intersectsShape: hit, contactDistance: k2 && k2.distance, exact: 'separated', symptom: hit }));
  process.exit(symptom1 && hit ? 0 : 1);
});
