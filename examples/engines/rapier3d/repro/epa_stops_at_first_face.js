#!/usr/bin/env node
'use strict';
// parry's EPA (src/query/epa/epa3.rs:568-576, the "stuck" exit added by parry PR #245) returns
// the face it has just popped when |curr_dist − old_dist| < f32::EPSILON and the support point
// improved the upper bound, and the popped face's distance is only a lower bound of the depth.
// old_dist starts at 0 (line 542), so a face at distance 0 popped first meets the exit at once:
// depth 0 (EPA queues faces at distance 0 when GJK hands over a segment or triangle, lines
// 535-536, or when the origin lies on a face of the initial tetrahedron, as when the shapes share
// a vertex). Two successive faces at one distance (a symmetric polytope) meet it later, with the
// depth of an inner face of the expanding polytope.
// Cases (found/3d-containment-*): exact depths by minkowski's oracle, 0.25259074 and 0.32232919.
// Exits 0 while rapier shows the symptom (each depth below half the exact one), 1 when it is gone.
// Run: node repro/epa_stops_at_first_face.js
const R = require('@dimforge/rapier3d-compat');

const ORIGIN = { x: 0, y: 0, z: 0 };
const IDENTITY = { x: 0, y: 0, z: 0, w: 1 };
const hull = (points) => new R.ConvexPolyhedron(Float32Array.from(points.flat()), null);

const CASES = [
  {
    // A corner tetrahedron and a quarter-size copy strictly inside it, sharing its symmetry axis.
    name: 'containment-0 (tied faces)',
    a: [[-8, -8, -7], [-8, -7, -8], [-8, -8, -8], [-7, -8, -8]],
    b: [[-7.8125, -7.8125, -7.5625], [-7.8125, -7.5625, -7.8125], [-7.8125, -7.8125, -7.8125], [-7.5625, -7.8125, -7.8125]],
    exactDepth: 0.25259074277046127,
  },
  {
    // Two tetrahedra sharing the vertex (-8,-7,-7): a CSO point at the origin.
    name: 'containment-1087 (GJK hands over a lower-dimensional simplex)',
    a: [[1, -8, -8], [-7, -8, -8], [-4, -8, -7], [-8, -7, -7]],
    b: [[-3.5, -7.5, -7.5], [-7.5, -7.5, -7.5], [-6, -7.5, -7], [-8, -7, -7]],
    exactDepth: 0.32232918561015211,
  },
];

R.init().then(() => {
  let shown = 0;
  for (const c of CASES) {
    const k = hull(c.a).contactShape(ORIGIN, IDENTITY, hull(c.b), ORIGIN, IDENTITY, 0);
    const depth = k === null ? null : -k.distance;
    const symptom = depth !== null && depth < 0.5 * c.exactDepth;
    console.log(JSON.stringify({ case: c.name, depth, exactDepth: c.exactDepth, normal: k && k.normal1, symptom }));
    shown += symptom;
  }
  process.exit(shown === CASES.length ? 0 : 1);
});
