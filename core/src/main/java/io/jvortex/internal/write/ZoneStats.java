package io.jvortex.internal.write;

import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.layout.ZoneSchema;
import io.jvortex.internal.protobuf.ProtoWriter;
import io.jvortex.scalar.Scalar;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import io.jvortex.internal.compress.StringRows;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The zone map of one column being written: one row of statistics per zone, then the zone table and
 * the layout metadata, either as the aggregate-based {@code vortex.zoned} layout (max/min, or
 * 64-byte bounded max/min for strings and binaries; NaN counts for floats; null counts; columns
 * sorted by display name, all-null columns dropped) or as the legacy {@code vortex.stats} layout
 * (max, max_is_truncated, min, min_is_truncated, null_count, nan_count; bounds no zone has dropped).
 */
public final class ZoneStats {
    /** Longest string or binary bound, in bytes (the reference's default). */
    public static final int MAX_BOUND_BYTES = 64;
    /** The aggregate-based zone layout id. */
    public static final String ZONED = "vortex.zoned";
    /** The legacy zone layout id. */
    public static final String STATS = "vortex.stats";

    /** Rows of views read at a time by {@link #inlineRange}. */
    private static final int INLINE_BLOCK = 1024;
    /** By length: the big-endian first eight bytes that belong to a value of that length. */
    private static final long[] HEAD_MASKS = new long[16];
    /** By length: the big-endian bytes 8-11 (upper half) that belong to a value of that length. */
    private static final long[] TAIL_MASKS = new long[16];

    static {
        for (int size = 0; size < 16; size++) {
            int head = Math.min(size, 8);
            HEAD_MASKS[size] = head == 0 ? 0 : -1L << (64 - 8 * head);
            int tail = Math.clamp(size - 8, 0, 4);
            TAIL_MASKS[size] = tail == 0 ? 0 : -1L << (64 - 8 * tail);
        }
    }

    private enum Kind { NONE, BOOL, SIGNED, UNSIGNED, F16, FLOAT, DECIMAL, BYTES, FIXED_BYTES }

    private final DType column;
    private final DType statType;
    private final boolean zoned;
    private final int zoneRows;
    private final Kind kind;
    private final List<Scalar> mins = new ArrayList<>();
    private final List<Scalar> maxs = new ArrayList<>();
    private final List<Boolean> minTruncated = new ArrayList<>();
    private final List<Boolean> maxTruncated = new ArrayList<>();
    private final List<Long> nullCounts = new ArrayList<>();
    private final List<Long> nanCounts = new ArrayList<>();
    private final List<Long> zoneLengths = new ArrayList<>();
    private long[] scratch;
    /** Two words per row for {@link #inlineRange}. */
    private long[] inlineKeys;

    /**
     * A finished zone map.
     *
     * @param layoutId {@code vortex.zoned} or {@code vortex.stats}
     * @param metadata the layout metadata
     * @param table the zone table, one row per zone
     */
    public record Table(String layoutId, byte[] metadata, Canonical table) {
    }

    /**
     * @param column the column dtype
     * @param zoned aggregate-based layout (else legacy)
     * @param zoneRows rows per zone
     */
    public ZoneStats(DType column, boolean zoned, int zoneRows) {
        this.column = column;
        this.statType = column.withNullable(true);
        this.zoned = zoned;
        this.zoneRows = zoneRows;
        DType storage = column instanceof DType.Extension e ? e.storage() : column;
        this.kind = switch (storage) {
            case DType.Bool b -> Kind.BOOL;
            case DType.Primitive p -> switch (p.ptype()) {
                case I8, I16, I32, I64 -> Kind.SIGNED;
                case U8, U16, U32, U64 -> Kind.UNSIGNED;
                case F16 -> Kind.F16;
                case F32, F64 -> Kind.FLOAT;
            };
            case DType.Decimal d -> Kind.DECIMAL;
            case DType.Utf8 u -> column instanceof DType.Extension ? Kind.NONE : Kind.BYTES;
            case DType.Binary b -> column instanceof DType.Extension ? Kind.NONE : Kind.BYTES;
            // fixed-size lists of non-null u8 (uuids among them) are ordered by their bytes: the reference
            // records their min and max (plain lists and lists of other elements get only null counts)
            case DType.FixedSizeList f when f.element() instanceof DType.Primitive p && p.ptype() == PType.U8
                    && !p.nullable() -> Kind.FIXED_BYTES;
            default -> Kind.NONE;
        };
    }

    /** @return zones recorded so far */
    public int zoneCount() {
        return nullCounts.size();
    }

    /**
     * Records one zone.
     *
     * @param block the zone's rows (at most {@code zoneRows}; only the last zone may be shorter)
     */
    public void add(Canonical block) {
        if (block.length() > zoneRows) {
            throw new IllegalArgumentException("zone of " + block.length() + " rows, zones hold " + zoneRows);
        }
        Canonical values = block instanceof ExtensionArray e ? e.storage() : block;
        int len = block.length();
        long nulls = column instanceof DType.Null ? len : column.nullable() ? values.validity().nullCount(len) : 0;
        nullCounts.add(nulls);
        zoneLengths.add((long) len);
        Scalar min = null;
        Scalar max = null;
        long nans = 0;
        if (nulls < len) {
            switch (kind) {
                case NONE -> { }
                case BOOL -> {
                    BoolArray b = (BoolArray) values;
                    boolean anyTrue = false;
                    boolean anyFalse = false;
                    for (int i = 0; i < len; i++) {
                        if (b.isValid(i)) {
                            if (b.value(i)) {
                                anyTrue = true;
                            } else {
                                anyFalse = true;
                            }
                        }
                    }
                    min = new Scalar(statType, !anyFalse);
                    max = new Scalar(statType, anyTrue);
                }
                case SIGNED, UNSIGNED -> {
                    PrimitiveArray p = (PrimitiveArray) values;
                    long[] v = io.jvortex.internal.compress.Primitives.toLongs(p, scratch(len));
                    long[] range = range(v, len, nulls == 0 ? null : p, kind == Kind.UNSIGNED);
                    min = new Scalar(statType, range[0]);
                    max = new Scalar(statType, range[1]);
                }
                case F16, FLOAT -> {
                    PrimitiveArray p = (PrimitiveArray) values;
                    boolean all = nulls == 0;
                    int lo = -1;
                    int hi = -1;
                    for (int i = 0; i < len; i++) {
                        if (all || p.isValid(i)) {
                            double v = kind == Kind.F16
                                    ? Float.float16ToFloat(p.values().getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i))
                                    : p.getDouble(i);
                            if (Double.isNaN(v)) {
                                nans++;
                                continue;
                            }
                            if (lo < 0 || v < valueAt(p, lo)) {
                                lo = i;
                            }
                            if (hi < 0 || v > valueAt(p, hi)) {
                                hi = i;
                            }
                        }
                    }
                    if (lo >= 0) {
                        min = floatScalar(p, lo);
                        max = floatScalar(p, hi);
                    }
                }
                case DECIMAL -> {
                    DecimalArray d = (DecimalArray) values;
                    if (d.valueByteWidth() <= 8) {
                        // unscaled values that fit a long fold as longs: no BigInteger per value
                        long[] v = scratch(len);
                        d.unscaledLongs(len, v);
                        long[] range = range(v, len, nulls == 0 ? null : d, false);
                        min = new Scalar(statType, BigInteger.valueOf(range[0]));
                        max = new Scalar(statType, BigInteger.valueOf(range[1]));
                    } else {
                        BigInteger lo = null;
                        BigInteger hi = null;
                        for (int i = 0; i < len; i++) {
                            if (d.isValid(i)) {
                                BigInteger v = d.getUnscaled(i);
                                if (lo == null || v.compareTo(lo) < 0) {
                                    lo = v;
                                }
                                if (hi == null || v.compareTo(hi) > 0) {
                                    hi = v;
                                }
                            }
                        }
                        min = new Scalar(statType, lo);
                        max = new Scalar(statType, hi);
                    }
                }
                case FIXED_BYTES -> {
                    io.jvortex.array.FixedSizeListArray f = (io.jvortex.array.FixedSizeListArray) values;
                    int size = f.dtype().size();
                    MemorySegment bytes = ((PrimitiveArray) f.elements()).values();
                    MemorySegment lo = null;
                    MemorySegment hi = null;
                    for (int i = 0; i < len; i++) {
                        if (f.isValid(i)) {
                            MemorySegment v = bytes.asSlice((long) i * size, size);
                            if (lo == null || compare(v, lo) < 0) {
                                lo = v;
                            }
                            if (hi == null || compare(v, hi) > 0) {
                                hi = v;
                            }
                        }
                    }
                    min = new Scalar(statType, byteList(lo));
                    max = new Scalar(statType, byteList(hi));
                }
                case BYTES -> {
                    byte[][] range = nulls == 0 && values instanceof VarBinViewArray v ? inlineRange(v, len) : null;
                    if (range == null) {
                        range = bytesRange(values, len, nulls == 0);
                    }
                    byte[] minBytes = range[0];
                    byte[] maxBytes = range[1];
                    boolean utf8 = column instanceof DType.Utf8;
                    byte[] lower = lowerBound(minBytes, MAX_BOUND_BYTES, utf8);
                    byte[] upper = upperBound(maxBytes, MAX_BOUND_BYTES, utf8);
                    minTruncated.add(lower.length != minBytes.length);
                    maxTruncated.add(upper == null || upper.length != maxBytes.length);
                    mins.add(new Scalar(statType, lower));
                    maxs.add(upper == null ? Scalar.nullOf(statType) : new Scalar(statType, upper));
                    nanCounts.add(0L);
                    return;
                }
            }
        }
        mins.add(min == null ? Scalar.nullOf(statType) : min);
        maxs.add(max == null ? Scalar.nullOf(statType) : max);
        minTruncated.add(false);
        maxTruncated.add(false);
        nanCounts.add(nans);
    }

    /**
     * The least and greatest value of a zone of valid views, when every value is inlined in its view
     * (at most {@link VarBinViewArray#MAX_INLINE} bytes, as short codes, flags and names are): each
     * value becomes a 128-bit key that orders as its bytes do (its bytes big-endian, zero-padded,
     * then its length), and the keys are folded without a branch per row, which the per-row
     * comparisons of {@link #bytesRange} cannot do on unordered repeated values.
     *
     * @param v the zone's rows, all valid
     * @param len its length
     * @return {min, max}, or null when some value is not inlined
     */
    private byte[][] inlineRange(VarBinViewArray v, int len) {
        if (len == 0) {
            return null;
        }
        long[] words = scratch(2 * INLINE_BLOCK);
        if (inlineKeys == null || inlineKeys.length < 2 * len) {
            inlineKeys = new long[2 * len];
        }
        long[] keys = inlineKeys;
        MemorySegment views = v.views();
        long minHi = Long.MAX_VALUE;
        long maxHi = Long.MIN_VALUE;
        int longest = 0;
        int shortest = Integer.MAX_VALUE;
        for (int from = 0; from < len; from += INLINE_BLOCK) {
            int n = Math.min(INLINE_BLOCK, len - from);
            MemorySegment.copy(views, ValueLayout.JAVA_LONG_UNALIGNED, 16L * from, words, 0, 2 * n);
            for (int k = 0; k < n; k++) {
                long w0 = words[2 * k];
                long w1 = words[2 * k + 1];
                int size = (int) w0;
                longest = Math.max(longest, size);
                shortest = Math.min(shortest, size);
                // bytes 0-7 big-endian, bytes past the value cleared; flipped so that signed order is unsigned order
                long hi = (Long.reverseBytes((w0 >>> 32) | (w1 << 32)) & HEAD_MASKS[size & 15]) ^ Long.MIN_VALUE;
                // bytes 8-11 big-endian in the upper half, the length in the lower half
                long tail = (Long.reverseBytes(w1) << 32) & TAIL_MASKS[size & 15];
                long lo = (tail | (size & 0xFFFF_FFFFL)) ^ Long.MIN_VALUE;
                keys[2 * (from + k)] = hi;
                keys[2 * (from + k) + 1] = lo;
                minHi = Math.min(minHi, hi);
                maxHi = Math.max(maxHi, hi);
            }
            if (longest > VarBinViewArray.MAX_INLINE || shortest < 0) {
                return null;
            }
        }
        long minLo = Long.MAX_VALUE;
        long maxLo = Long.MIN_VALUE;
        for (int i = 0; i < len; i++) {
            long hi = keys[2 * i];
            long lo = keys[2 * i + 1];
            // all ones where hi is the least (greatest) head, without a branch
            long atMin = ~(((hi ^ minHi) | -(hi ^ minHi)) >> 63);
            long atMax = ~(((hi ^ maxHi) | -(hi ^ maxHi)) >> 63);
            minLo = Math.min(minLo, (lo & atMin) | (Long.MAX_VALUE & ~atMin));
            maxLo = Math.max(maxLo, (lo & atMax) | (Long.MIN_VALUE & ~atMax));
        }
        return new byte[][] {keyBytes(minHi, minLo), keyBytes(maxHi, maxLo)};
    }

    private static byte[] keyBytes(long hi, long lo) {
        hi ^= Long.MIN_VALUE;
        lo ^= Long.MIN_VALUE;
        byte[] twelve = new byte[12];
        for (int b = 0; b < 8; b++) {
            twelve[b] = (byte) (hi >>> (56 - 8 * b));
        }
        for (int b = 0; b < 4; b++) {
            twelve[8 + b] = (byte) (lo >>> (56 - 8 * b));
        }
        return Arrays.copyOf(twelve, (int) lo);
    }

    /**
     * The least and greatest value of a string or binary zone, compared as unsigned bytes.
     *
     * @param values the zone's rows
     * @param len its length
     * @param all whether every row is valid
     * @return {min, max}, both null when no row is valid
     */
    private static byte[][] bytesRange(Canonical values, int len, boolean all) {
        StringRows rows = new StringRows(values);
        byte[] minBytes = null;
        byte[] maxBytes = null;
        long minKey = 0;
        long maxKey = 0;
        // where the min and max rows' bytes are: a row found there equals them (repeated values)
        long minId = 0;
        long minId2 = 0;
        long maxId = 0;
        long maxId2 = 0;
        for (int i = 0; i < len; i++) {
            if (all || values.isValid(i)) {
                // the first four bytes decide most comparisons without reading the value
                long key = rows.prefixKey(i);
                boolean maybeMin = minBytes == null || key <= minKey;
                boolean maybeMax = maxBytes == null || key >= maxKey;
                if (!maybeMin && !maybeMax) {
                    continue;
                }
                long id = rows.identity(i);
                long id2 = rows.identity2(i);
                if (key == minKey && id == minId && id2 == minId2 && minBytes != null) {
                    maybeMin = false;
                }
                if (key == maxKey && id == maxId && id2 == maxId2 && maxBytes != null) {
                    maybeMax = false;
                }
                if (!maybeMin && !maybeMax) {
                    continue;
                }
                int n = rows.load(i);
                byte[] v = rows.bytes();
                if (maybeMin && (minBytes == null
                        || Arrays.compareUnsigned(v, 0, n, minBytes, 0, minBytes.length) < 0)) {
                    minBytes = Arrays.copyOf(v, n);
                    minKey = key;
                    minId = id;
                    minId2 = id2;
                }
                if (maybeMax && (maxBytes == null
                        || Arrays.compareUnsigned(v, 0, n, maxBytes, 0, maxBytes.length) > 0)) {
                    maxBytes = Arrays.copyOf(v, n);
                    maxKey = key;
                    maxId = id;
                    maxId2 = id2;
                }
            }
        }
        return new byte[][] {minBytes, maxBytes};
    }

    /**
     * Records one zone of a column whose zones hold only counts (lists: no order, so no min or max),
     * from its length and null count alone.
     *
     * @param length the zone's rows (at most {@code zoneRows})
     * @param nullCount its null rows
     */
    public void addCounts(int length, long nullCount) {
        if (kind != Kind.NONE || length > zoneRows) {
            throw new IllegalArgumentException("counts-only zone of " + length + " rows for " + column.display());
        }
        nullCounts.add(nullCount);
        zoneLengths.add((long) length);
        mins.add(Scalar.nullOf(statType));
        maxs.add(Scalar.nullOf(statType));
        minTruncated.add(false);
        maxTruncated.add(false);
        nanCounts.add(0L);
    }

    /**
     * Folds the zones into the column's file-level statistics (§7.5): exact min/max for numbers,
     * booleans and decimals; 64-byte bounds (inexact) for strings and binaries, with no max when a
     * zone has no upper bound; null and NaN counts.
     *
     * @return the statistics
     */
    public io.jvortex.scalar.ArrayStatistics fileStatistics() {
        Scalar min = null;
        Scalar max = null;
        boolean unboundedMax = false;
        long nulls = 0;
        long nans = 0;
        for (int z = 0; z < zoneCount(); z++) {
            nulls += nullCounts.get(z);
            nans += nanCounts.get(z);
            Scalar lo = mins.get(z);
            Scalar hi = maxs.get(z);
            if (kind == Kind.BYTES && nullCounts.get(z) < zoneLengths.get(z) && hi.isNull()) {
                unboundedMax = true;
            }
            if (!lo.isNull() && (min == null || compareScalars(lo, min) < 0)) {
                min = lo;
            }
            if (!hi.isNull() && (max == null || compareScalars(hi, max) > 0)) {
                max = hi;
            }
        }
        boolean exact = kind != Kind.BYTES;
        boolean minMax = kind != Kind.NONE;
        return new io.jvortex.scalar.ArrayStatistics(
                Optional.ofNullable(minMax ? min : null), exact,
                Optional.ofNullable(minMax && !unboundedMax ? max : null), exact,
                Optional.empty(), java.util.OptionalLong.of(nulls),
                kind == Kind.F16 || kind == Kind.FLOAT ? java.util.OptionalLong.of(nans) : java.util.OptionalLong.empty(),
                java.util.OptionalLong.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    private int compareScalars(Scalar a, Scalar b) {
        return switch (kind) {
            case BOOL -> Boolean.compare((Boolean) a.value(), (Boolean) b.value());
            case SIGNED -> Long.compare(a.asLong(), b.asLong());
            case UNSIGNED -> Long.compareUnsigned(a.asLong(), b.asLong());
            case F16, FLOAT -> Double.compare(a.asDouble(), b.asDouble());
            case DECIMAL -> ((BigInteger) a.value()).compareTo((BigInteger) b.value());
            case BYTES -> java.util.Arrays.compareUnsigned((byte[]) a.value(), (byte[]) b.value());
            case FIXED_BYTES -> java.util.Arrays.compareUnsigned(listBytes(a), listBytes(b));
            case NONE -> 0;
        };
    }

    private static List<Scalar> byteList(MemorySegment bytes) {
        DType u8 = new DType.Primitive(PType.U8, false);
        List<Scalar> out = new ArrayList<>((int) bytes.byteSize());
        for (long i = 0; i < bytes.byteSize(); i++) {
            out.add(new Scalar(u8, (long) (bytes.get(ValueLayout.JAVA_BYTE, i) & 0xFF)));
        }
        return out;
    }

    private static byte[] listBytes(Scalar s) {
        List<?> items = (List<?>) s.value();
        byte[] out = new byte[items.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) ((Scalar) items.get(i)).asLong();
        }
        return out;
    }

    /** A reused buffer of at least {@code n} longs (zones are at most {@code zoneRows} long). */
    private long[] scratch(int n) {
        if (scratch == null || scratch.length < n) {
            scratch = new long[Math.max(n, 1024)];
        }
        return scratch;
    }

    /**
     * The smallest and largest of the first {@code n} values at valid rows.
     *
     * @param v the values
     * @param n how many
     * @param validity the array whose validity counts, or null when every row is valid
     * @param unsigned compare as unsigned 64-bit integers
     * @return {min, max}; the caller has checked that some row is valid
     */
    private static long[] range(long[] v, int n, Canonical validity, boolean unsigned) {
        long lo = 0;
        long hi = 0;
        boolean any = false;
        if (validity == null && !unsigned && n > 0) {
            lo = v[0];
            hi = v[0];
            for (int i = 1; i < n; i++) {
                lo = Math.min(lo, v[i]);
                hi = Math.max(hi, v[i]);
            }
            return new long[] {lo, hi};
        }
        // unsigned order is signed order with the sign bit flipped
        long flip = unsigned ? Long.MIN_VALUE : 0;
        for (int i = 0; i < n; i++) {
            if (validity == null || validity.isValid(i)) {
                long x = v[i] ^ flip;
                if (!any) {
                    lo = x;
                    hi = x;
                    any = true;
                } else {
                    lo = Math.min(lo, x);
                    hi = Math.max(hi, x);
                }
            }
        }
        return new long[] {lo ^ flip, hi ^ flip};
    }

    private double valueAt(PrimitiveArray p, int i) {
        return kind == Kind.F16 ? Float.float16ToFloat(p.values().getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i))
                : p.getDouble(i);
    }

    private Scalar floatScalar(PrimitiveArray p, int i) {
        return switch (p.ptype()) {
            case F16 -> new Scalar(statType, p.values().getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i));
            case F32 -> new Scalar(statType, p.values().getAtIndex(ValueLayout.JAVA_FLOAT_UNALIGNED, i));
            default -> new Scalar(statType, p.values().getAtIndex(ValueLayout.JAVA_DOUBLE_UNALIGNED, i));
        };
    }

    /**
     * Compares byte strings as unsigned bytes, lexicographically.
     *
     * @param a one
     * @param b the other
     * @return negative, zero or positive
     */
    static int compare(MemorySegment a, MemorySegment b) {
        long m = a.mismatch(b);
        if (m < 0) {
            return 0;
        }
        if (m == a.byteSize()) {
            return -1;
        }
        if (m == b.byteSize()) {
            return 1;
        }
        return Integer.compare(a.get(ValueLayout.JAVA_BYTE, m) & 0xFF, b.get(ValueLayout.JAVA_BYTE, m) & 0xFF);
    }

    /**
     * A lower bound of at most {@code max} bytes (§7.4): binaries keep their first {@code max}
     * bytes, strings the longest prefix ending on a character boundary.
     *
     * @param value the value
     * @param max the byte limit
     * @param utf8 whether the value is UTF-8 text
     * @return the value itself when short enough, else the bound
     */
    public static byte[] lowerBound(byte[] value, int max, boolean utf8) {
        if (value.length <= max) {
            return value;
        }
        return java.util.Arrays.copyOf(value, utf8 ? charBoundary(value, max) : max);
    }

    /**
     * An upper bound of at most {@code max} bytes (§7.4): binaries take their first {@code max}
     * bytes and add one (big-endian, carrying); strings are cut on a character boundary and their
     * last character replaced by the next one of the same UTF-8 length.
     *
     * @param value the value
     * @param max the byte limit
     * @param utf8 whether the value is UTF-8 text
     * @return the value itself when short enough, the bound, or {@code null} when none exists
     */
    public static byte[] upperBound(byte[] value, int max, boolean utf8) {
        if (value.length <= max) {
            return value;
        }
        if (!utf8) {
            byte[] out = java.util.Arrays.copyOf(value, max);
            for (int i = max - 1; i >= 0; i--) {
                out[i]++;
                if (out[i] != 0) {
                    return out;
                }
            }
            return null;
        }
        String s = new String(value, 0, charBoundary(value, max), StandardCharsets.UTF_8);
        if (s.isEmpty()) {
            return null;
        }
        int last = s.offsetByCodePoints(s.length(), -1);
        int c = s.codePointAt(last);
        int next = c + 1;
        if (next > Character.MAX_CODE_POINT || (next >= 0xD800 && next <= 0xDFFF) || utf8Length(next) != utf8Length(c)) {
            return null;
        }
        return (s.substring(0, last) + new String(Character.toChars(next))).getBytes(StandardCharsets.UTF_8);
    }

    private static int utf8Length(int c) {
        return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    }

    private static int charBoundary(byte[] value, int max) {
        int p = max;
        while (p > 0 && (value[p] & 0xC0) == 0x80) {
            p--;
        }
        return p;
    }

    /**
     * @return the zone table and metadata, or {@code null} when no zone was recorded
     */
    public Table finish() {
        if (zoneCount() == 0) {
            return null;
        }
        return zoned ? finishZoned() : finishLegacy();
    }

    private static final byte[] SKIP_NANS = {0x08, 0x01};

    private Table finishZoned() {
        List<String> ids = new ArrayList<>();
        List<byte[]> options = new ArrayList<>();
        List<List<Scalar>> columns = new ArrayList<>();
        boolean anyValue = mins.stream().anyMatch(s -> !s.isNull());
        if (kind == Kind.BYTES) {
            if (anyValue) {
                byte[] max = new byte[8];
                max[0] = MAX_BOUND_BYTES;
                ids.add("vortex.bounded_max");
                options.add(max);
                DType.Struct partial = new DType.Struct(List.of("bound", "unknown"),
                        List.of(statType, new DType.Bool(false)), true);
                List<Scalar> bounded = new ArrayList<>();
                for (int z = 0; z < zoneCount(); z++) {
                    boolean empty = nullCounts.get(z) == zoneLength(z);
                    if (empty) {
                        bounded.add(Scalar.nullOf(partial));
                    } else {
                        boolean unknown = maxs.get(z).isNull();
                        bounded.add(new Scalar(partial, List.of(maxs.get(z), new Scalar(new DType.Bool(false), unknown))));
                    }
                }
                columns.add(bounded);
            }
            if (anyValue) {
                byte[] max = new byte[8];
                max[0] = MAX_BOUND_BYTES;
                ids.add("vortex.bounded_min");
                options.add(max);
                columns.add(mins);
            }
        } else if (kind != Kind.NONE) {
            if (maxs.stream().anyMatch(s -> !s.isNull())) {
                ids.add("vortex.max");
                options.add(SKIP_NANS);
                columns.add(maxs);
            }
            if (anyValue) {
                ids.add("vortex.min");
                options.add(SKIP_NANS);
                columns.add(mins);
            }
            if (kind == Kind.F16 || kind == Kind.FLOAT) {
                ids.add("vortex.nan_count");
                options.add(new byte[0]);
                columns.add(counts(nanCounts));
            }
        }
        ids.add("vortex.null_count");
        options.add(new byte[0]);
        columns.add(counts(nullCounts));

        ProtoWriter proto = new ProtoWriter().varint(1, zoneRows);
        for (int i = 0; i < ids.size(); i++) {
            proto.message(2, new ProtoWriter().bytes(1, ids.get(i).getBytes(StandardCharsets.UTF_8))
                    .bytes(2, options.get(i)));
        }
        byte[] body = proto.toByteArray();
        byte[] metadata = new byte[body.length + 1];
        metadata[0] = 1;
        System.arraycopy(body, 0, metadata, 1, body.length);
        return new Table(ZONED, metadata, table(ZONED, metadata, columns));
    }

    private long zoneLength(int zone) {
        return zoneLengths.get(zone);
    }

    private Table finishLegacy() {
        byte[] metadata = new byte[6];
        for (int k = 0; k < 4; k++) {
            metadata[k] = (byte) (zoneRows >>> (8 * k));
        }
        List<List<Scalar>> columns = new ArrayList<>();
        int bits = 1 << 6; // null_count
        // As in the aggregate form, a statistic whose every zone is null (e.g. an all-null column) is
        // left out, as the reference writer does.
        if (kind != Kind.NONE && maxs.stream().anyMatch(v -> !v.isNull())) {
            bits |= 1 << 3;
            columns.add(maxs);
            columns.add(flags(maxTruncated));
        }
        if (kind != Kind.NONE && mins.stream().anyMatch(v -> !v.isNull())) {
            bits |= 1 << 4;
            columns.add(mins);
            columns.add(flags(minTruncated));
        }
        columns.add(counts(nullCounts));
        if (kind == Kind.F16 || kind == Kind.FLOAT) {
            bits |= 1 << 8;
            columns.add(counts(nanCounts));
        }
        metadata[4] = (byte) bits;
        metadata[5] = (byte) (bits >>> 8);
        return new Table(STATS, metadata, table(STATS, metadata, columns));
    }

    private static List<Scalar> counts(List<Long> values) {
        DType t = new DType.Primitive(PType.U64, true);
        return values.stream().map(v -> new Scalar(t, v)).toList();
    }

    private static List<Scalar> flags(List<Boolean> values) {
        DType t = new DType.Bool(false);
        return values.stream().map(v -> new Scalar(t, v)).toList();
    }

    /** Builds the table with the names and dtypes the reader derives from the metadata. */
    private Canonical table(String layoutId, byte[] metadata, List<List<Scalar>> columns) {
        ZoneSchema schema = ZoneSchema.of(layoutId, MemorySegment.ofArray(metadata), column);
        if (schema == null || schema.columns().size() != columns.size()) {
            throw new IllegalStateException("zone table of " + columns.size() + " columns for "
                    + column.display() + ", the reader derives " + (schema == null ? "none" : schema.columns()));
        }
        DType.Struct dtype = schema.tableDType();
        List<Canonical> fields = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            fields.add(ScalarArrays.build(dtype.fields().get(c), retype(columns.get(c), dtype.fields().get(c))));
        }
        return new io.jvortex.array.StructArray(dtype, fields, zoneCount(), io.jvortex.array.Validity.ALL_VALID);
    }

    private static List<Scalar> retype(List<Scalar> values, DType t) {
        return values.stream().map(s -> s.isNull() ? null : new Scalar(t, s.value())).toList();
    }
}
