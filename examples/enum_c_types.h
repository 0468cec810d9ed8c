/* An enumeration declared in a user header (never given a fixed type). */
enum shade { SH_LIGHT, SH_DARK };
