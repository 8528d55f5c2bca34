// The eight queens puzzle, shared by its example and its test: all solutions, and one
// per class of symmetric solutions (the symmetries are found from the embeddings).

macro_rules! queens {
    ($module:ident $(, $key:ident: $value:ident)*) => {
        puzzlec::puzzle! {
            /// Eight queens: every row and column exactly once, every diagonal at most once.
            mod $module {
                $($key: $value,)*
                aspects: [r0, r1, r2, r3, r4, r5, r6, r7, c0, c1, c2, c3, c4, c5, c6, c7, d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14],
                optional: [d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14],
                embeddings: [
                    [r0, c0, d0, a7], [r0, c1, d1, a6], [r0, c2, d2, a5], [r0, c3, d3, a4], [r0, c4, d4, a3], [r0, c5, d5, a2], [r0, c6, d6, a1], [r0, c7, d7, a0],
                    [r1, c0, d1, a8], [r1, c1, d2, a7], [r1, c2, d3, a6], [r1, c3, d4, a5], [r1, c4, d5, a4], [r1, c5, d6, a3], [r1, c6, d7, a2], [r1, c7, d8, a1],
                    [r2, c0, d2, a9], [r2, c1, d3, a8], [r2, c2, d4, a7], [r2, c3, d5, a6], [r2, c4, d6, a5], [r2, c5, d7, a4], [r2, c6, d8, a3], [r2, c7, d9, a2],
                    [r3, c0, d3, a10], [r3, c1, d4, a9], [r3, c2, d5, a8], [r3, c3, d6, a7], [r3, c4, d7, a6], [r3, c5, d8, a5], [r3, c6, d9, a4], [r3, c7, d10, a3],
                    [r4, c0, d4, a11], [r4, c1, d5, a10], [r4, c2, d6, a9], [r4, c3, d7, a8], [r4, c4, d8, a7], [r4, c5, d9, a6], [r4, c6, d10, a5], [r4, c7, d11, a4],
                    [r5, c0, d5, a12], [r5, c1, d6, a11], [r5, c2, d7, a10], [r5, c3, d8, a9], [r5, c4, d9, a8], [r5, c5, d10, a7], [r5, c6, d11, a6], [r5, c7, d12, a5],
                    [r6, c0, d6, a13], [r6, c1, d7, a12], [r6, c2, d8, a11], [r6, c3, d9, a10], [r6, c4, d10, a9], [r6, c5, d11, a8], [r6, c6, d12, a7], [r6, c7, d13, a6],
                    [r7, c0, d7, a14], [r7, c1, d8, a13], [r7, c2, d9, a12], [r7, c3, d10, a11], [r7, c4, d11, a10], [r7, c5, d12, a9], [r7, c6, d13, a8], [r7, c7, d14, a7]
                ],
    
            }
        }
    };
}

queens!(queens);
queens!(queens_reduced, symmetry: reduced);
