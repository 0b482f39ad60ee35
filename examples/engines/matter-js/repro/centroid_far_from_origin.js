#!/usr/bin/env node
'use strict';
// matter-js Vertices.centre computes the centroid from cross products of absolute coordinates
// (x_i·y_j − x_j·y_i, each ~1e12 here) divided by 6·area; for small bodies far from the origin the
// cancellation leaves a centroid hundreds of units away from the body. Collision.collides orients
// its normal by these centroids (see centroid_normal_wrong_side.js), so here the normal points the
// long way: matter says depth 0.01 with a normal that, applied, leaves B overlapping A by 0.02
// (B must move −x by 0.01; matter's answer moves it +x). Found by minkowski check --exec, family
// scale, fixture found/scale-8158d034eea2ef8c.json. Run: node repro/centroid_far_from_origin.js
const Matter = require('matter-js');
function body(points) {
  const vertices = points.map(([x, y]) => ({ x, y }));
  const b = Matter.Body.create({ vertices });
  Matter.Body.setPosition(b, Matter.Vertices.centre(vertices));
  return b;
}
const a = body([[999999, -1000001], [999999.1, -1000001], [999999.06, -1000000.65], [999999, -1000000.18]]);
const b = body([[999998.17, -1000000.51], [999999.01, -1000000.51], [999998.17, -1000000.5]]);
const c = Matter.Collision.collides(a, b);
console.log(JSON.stringify({ centreA: a.position, centreB: b.position, bodyAIsA: c.bodyA === a,
  normal: c.normal, depth: c.depth }));
