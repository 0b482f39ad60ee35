#!/usr/bin/env node
'use strict';
// matter-js Collision.collides finds the axis of least overlap correctly, then orients the normal
// by the centroids (it flips the axis so that normal · (positionB − positionA) < 0) instead of by
// the side on which the overlap is least. Here B's centroid (2, 1/3) lies below A's (2, 1/2), so
// matter's normal is (0, 1) (from B to A: A would be pushed up, B down), with depth 1.5. But 1.5 is
// the overlap for moving B *up* (A's top y = 1 minus B's bottom y = −0.5); moving B down needs 2
// (B's top y = 2 minus A's bottom y = 0). minkowski's exact answer: overlapping, depth 1.5, the
// only optimal translation of B is (0, +1.5). Run: node repro/centroid_normal_wrong_side.js
const Matter = require('matter-js');
function body(points) {
  const vertices = points.map(([x, y]) => ({ x, y }));
  const b = Matter.Body.create({ vertices });
  Matter.Body.setPosition(b, Matter.Vertices.centre(vertices));
  return b;
}
const a = body([[0, 0], [4, 0], [4, 1], [0, 1]]);
const b = body([[0.5, -0.5], [3.5, -0.5], [2, 2]]);
const c = Matter.Collision.collides(a, b);
console.log(JSON.stringify({ positionA: a.position, positionB: b.position, bodyAIsA: c.bodyA === a,
  normal: c.normal, depth: c.depth, penetration: c.penetration }));
