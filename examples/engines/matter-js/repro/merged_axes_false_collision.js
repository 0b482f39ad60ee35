#!/usr/bin/env node
'use strict';
// matter-js Axes.fromVertices keys each edge normal by its gradient rounded with toFixed(3), so
// B's bottom edge (slope -0.0002) and its top edge (slope 0) share the key "0.000" and only one
// axis survives. The one axis that separates the bodies is lost: Collision.collides reports a
// collision with depth ~1e-4 although the bodies are 1e-4 apart (minkowski's exact answer:
// separated, distance 9.9999998e-5, A's corner (4, 1) below B's bottom edge).
// Run: node repro/merged_axes_false_collision.js
const Matter = require('matter-js');
function body(points) {
  const vertices = points.map(([x, y]) => ({ x, y }));
  const b = Matter.Body.create({ vertices });
  Matter.Body.setPosition(b, Matter.Vertices.centre(vertices));
  return b;
}
const a = body([[0, 0], [4, 0], [4, 1], [0, 1]]);
const b = body([[-1, 1.0011], [5, 0.9999], [5, 3], [-1, 3]]);
const c = Matter.Collision.collides(a, b);
console.log(JSON.stringify({ axesB: b.axes, collided: c !== null, depth: c && c.depth, normal: c && c.normal,
  worldVerticesB: b.vertices.map((v) => [v.x, v.y]) }));
