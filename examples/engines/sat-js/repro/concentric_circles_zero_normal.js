#!/usr/bin/env node
'use strict';
// SAT.js testCircleCircle on two concentric circles: the circles overlap (depth 3), but
// response.overlapN is (0, 0) — it is the normalised centre difference, and the centres coincide —
// so overlapV = (0, 0) and applying it separates nothing. minkowski's exact answer: overlapping,
// depth 3, every direction optimal. Run: node repro/concentric_circles_zero_normal.js
const SAT = require('sat');
const a = new SAT.Circle(new SAT.Vector(0, 0), 1);
const b = new SAT.Circle(new SAT.Vector(0, 0), 2);
const r = new SAT.Response();
const hit = SAT.testCircleCircle(a, b, r);
console.log(JSON.stringify({ hit, overlap: r.overlap, overlapN: [r.overlapN.x, r.overlapN.y], overlapV: [r.overlapV.x, r.overlapV.y] }));
