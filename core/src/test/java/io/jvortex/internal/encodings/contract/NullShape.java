package io.jvortex.internal.encodings.contract;

/** How many rows of a contract case are null. */
public enum NullShape {
    /** Every row valid (the dtype may or may not be nullable). */
    NONE,
    /** Nullable, some rows null and (from two rows on) some valid. */
    SOME,
    /** Nullable, every row null. */
    ALL
}
