// Filled in by the 3D reference work; see the header.
