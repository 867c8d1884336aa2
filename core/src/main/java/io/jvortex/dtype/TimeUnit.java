package io.jvortex.dtype;

import io.jvortex.error.VortexException;

/** Time units of the temporal extension types, with their wire tags. */
public enum TimeUnit {
    /** Nanoseconds (tag 0). */
    NANOSECONDS(0, 1_000_000_000L, 9, "ns"),
    /** Microseconds (tag 1). */
    MICROSECONDS(1, 1_000_000L, 6, "us"),
    /** Milliseconds (tag 2). */
    MILLISECONDS(2, 1_000L, 3, "ms"),
    /** Seconds (tag 3). */
    SECONDS(3, 1L, 0, "s"),
    /** Days (tag 4), dates only. */
    DAYS(4, 0L, 0, "d");

    private final int tag;
    private final long perSecond;
    private final int fractionDigits;
    private final String symbol;

    TimeUnit(int tag, long perSecond, int fractionDigits, String symbol) {
        this.tag = tag;
        this.perSecond = perSecond;
        this.fractionDigits = fractionDigits;
        this.symbol = symbol;
    }

    /** @return the wire tag */
    public int tag() {
        return tag;
    }

    /** @return ticks per second (0 for days) */
    public long ticksPerSecond() {
        return perSecond;
    }

    /** @return decimal fraction digits of one tick (0 for seconds and days) */
    public int fractionDigits() {
        return fractionDigits;
    }

    /** @return the short symbol ({@code ns}, {@code us}, {@code ms}, {@code s}, {@code d}) */
    public String symbol() {
        return symbol;
    }

    /**
     * @param tag a wire tag
     * @return the unit
     * @throws VortexException when the tag is unknown
     */
    public static TimeUnit fromTag(int tag) {
        for (TimeUnit u : values()) {
            if (u.tag == tag) {
                return u;
            }
        }
        throw new VortexException("unknown time unit tag " + tag + ", expected 0..4");
    }
}
