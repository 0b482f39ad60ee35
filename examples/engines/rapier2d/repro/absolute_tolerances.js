#!/usr/bin/env node
'use strict';
// parry's queries carry absolute f32 thresholds, whatever the shapes' size. Here: a ball (of
// radius 0) against a segment is decided by projecting its centre on the segment
// (src/query/intersection_test/intersection_test_ball_point_query.rs:15-23), and the projection
// calls the point inside when it is relative_eq! to its projection (src/query/point/
// point_segment.rs:81), i.e. within approx's default epsilon f32::EPSILON ≈ 1.19e-7. GJK's
// eps_tol = 10·f32::EPSILON (src/query/gjk/gjk.rs:141-144, 387-392) does the same for polygons.
// A design choice (rapier works in metres). As in 3D (../rapier3d/repro/absolute_tolerances.js).
// Case (found/scale-1-pow2_-30-shrunk.json): the point (−2^-30, −2^-30) and a segment of length
// 9.3e-12 about 3.9e-9 away (exact distance 3.9446870998452792e-9, minkowski's oracle).
// Exits 0 while rapier calls them intersecting, 1 otherwise.
// Run: node repro/absolute_tolerances.js
const R = require('@dimforge/rapier2d-compat');

R.init().then(() => {
  const a = -9.313225746154785e-10;
  const point = new R.Ball(0);
  const segment = new R.Segment({ x: -3.725290298461914e-9, y: -3.725290298461914e-9 }, { x: -3.7159770727157595e-9, y: -3.725290298461914e-9 });
  const hit = point.intersectsShape({ x: a, y: a }, 0, segment, { x: 0, y: 0 }, 0);
  console.log(JSON.stringify({ intersectsShape: hit, exact: 'separated, distance 3.94e-9', symptom: hit }));
  process.exit(hit ? 0 : 1);
});
