#!/usr/bin/env node
'use strict';
// matter-js Collision.collides reports as its only contact ("support") a vertex that lies inside
// neither body. When no vertex of either body is inside the other (a crossing), collides falls
// back to supports[0] = the deepest vertex along the normal ("account for the edge case of
// overlapping but no vertex containment"), whatever its position. Here the support (−0.55, −0.7)
// is a vertex of A that lies 0.213 outside B, while the reported depth is only 0.136, so a contact
// constraint there pushes at a point the bodies do not share. (Found by minkowski check --exec,
// family degenerate, fixture found/degenerate-b0fc0f8d230cf99d.json; exact: overlapping,
// depth 0.1359655.) Run: node repro/support_outside_both_bodies.js
const Matter = require('matter-js');
function body(points) {
  const vertices = points.map(([x, y]) => ({ x, y }));
  const b = Matter.Body.create({ vertices });
  Matter.Body.setPosition(b, Matter.Vertices.centre(vertices));
  return b;
}
// The two hulls, counter-clockwise with y up.
const a = body([[-0.94, -1], [-0.59, -1], [-0.31, -0.96], [-0.5, -0.67], [-0.55, -0.7]]);
const b = body([[-1.77, -0.030000000000000027], [-1.7000000000000002, -0.16000000000000003], [-0.73, -1.01]]);
const c = Matter.Collision.collides(a, b);
const supports = c.supports.slice(0, c.supportCount).map((v) => ({ point: [v.x, v.y],
  insideA: Matter.Vertices.contains(a.vertices, v), insideB: Matter.Vertices.contains(b.vertices, v) }));
console.log(JSON.stringify({ depth: c.depth, normal: c.normal, supports }));
