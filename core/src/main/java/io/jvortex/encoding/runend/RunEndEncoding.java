package io.jvortex.encoding.runend;

import io.jvortex.array.BitBuffers;
import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.Offsets;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Take;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.encoding.ArrayNode;
import io.jvortex.encoding.DecodeContext;
import io.jvortex.encoding.Encoding;
import io.jvortex.protobuf.ProtoReader;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@code vortex.runend}: runs of equal values given by their exclusive end positions. Primitive
 * and bool values are expanded run by run; other types gather their values with {@link Take}.
 */
public final class RunEndEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.runend";

    private static final ValueLayout.OfInt I = ValueLayout.JAVA_INT_UNALIGNED;

    /** Creates the encoding; it is stateless, so one instance serves every thread. */
    public RunEndEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    /**
     * Runs of a node without expanding them (for evaluating a filter once per run).
     *
     * @param values the run values, one per run
     * @param ends each run's exclusive end in logical rows, non-decreasing, clamped to {@code [0, length]}
     */
    public record Runs(Canonical values, int[] ends) {
    }

    /**
     * Decodes a {@code vortex.runend} node's values and logical run ends, validated as {@link #decode} does.
     *
     * @param node the node
     * @param dtype its logical type
     * @param length its row count
     * @param ctx decoding services
     * @return the runs
     */
    public static Runs runs(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        Parsed parsed = parse(node, dtype, length, ctx);
        int[] ends = new int[parsed.runs];
        MemorySegment.copy(parsed.ends, I, 0, ends, 0, parsed.runs);
        return new Runs(parsed.values, ends);
    }

    private record Parsed(MemorySegment ends, Canonical values, int runs) {
    }

    private static Parsed parse(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        PType endsType = PType.U8;
        long numRuns = 0;
        long offset = 0;
        ProtoReader r = new ProtoReader(node.metadata(), "RunEndMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> endsType = PType.fromId(r.varint());
                case 2 -> numRuns = r.varint();
                case 3 -> offset = r.varint();
                default -> r.skip();
            }
        }
        if (!endsType.isUnsignedInteger()) {
            throw node.error("run ends must be unsigned integers, got " + endsType.displayName());
        }
        if (offset < 0 || offset > Long.MAX_VALUE - length) {
            throw node.error("run offset " + Long.toUnsignedString(offset) + " too large");
        }
        ctx.expectBuffers(node, 0);
        ctx.expectChildren(node, 2, 2);
        int runs = ctx.rowCount(node, numRuns, "num_runs");
        if (runs == 0 && length != 0) {
            throw node.error("no runs for " + length + " rows");
        }
        PrimitiveArray ends = ctx.decodePrimitive(node, 0, new DType.Primitive(endsType, false), runs);
        MemorySegment runEnds = logicalEnds(node, ends, offset, length, ctx);
        Canonical values = ctx.decodeChild(node, 1, dtype, runs);
        return new Parsed(runEnds, values, runs);
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        Parsed parsed = parse(node, dtype, length, ctx);
        MemorySegment runEnds = parsed.ends;
        Canonical values = parsed.values;
        int runs = parsed.runs;
        if (length == 0) {
            return values.slice(0, 0);
        }
        return switch (values) {
            case PrimitiveArray p -> new PrimitiveArray(p.dtype(), expandFixed(p, runEnds, runs, length, ctx), length,
                    expandValidity(p.validity(), runEnds, runs, length, ctx));
            case BoolArray b -> {
                MemorySegment bits = BitBuffers.allocate(length, ctx);
                int start = 0;
                for (int run = 0; run < runs && start < length; run++) {
                    int end = runEnds.get(I, 4L * run);
                    if (end > start) {
                        BitBuffers.fill(bits, start, end - start, b.value(run));
                        start = end;
                    }
                }
                yield new BoolArray(b.dtype(), bits, 0, length, expandValidity(b.validity(), runEnds, runs, length, ctx));
            }
            default -> Take.take(values, runIndices(runEnds, runs, length, ctx), ctx);
        };
    }

    /**
     * Validates the ends (non-decreasing, the last one covering {@code offset + length}) and maps
     * each to its exclusive end in logical rows, clamped to {@code [0, length]}.
     */
    private static MemorySegment logicalEnds(ArrayNode node, PrimitiveArray ends, long offset, int length,
                                             DecodeContext ctx) {
        int runs = ends.length();
        MemorySegment out = ctx.allocate(4L * runs);
        long[] block = new long[Math.min(runs, 1024)];
        long prev = 0;
        for (int base = 0; base < runs; base += block.length) {
            int count = Math.min(block.length, runs - base);
            // u64 ends above Long.MAX_VALUE come out negative: compare them unsigned.
            Offsets.widen(ends, base, count, block);
            for (int k = 0; k < count; k++) {
                long e = block[k];
                if (Long.compareUnsigned(e, prev) < 0) {
                    throw node.error("run end " + Long.toUnsignedString(e) + " at run " + (base + k)
                            + " is below the previous end " + Long.toUnsignedString(prev));
                }
                prev = e;
                long logical = Long.compareUnsigned(e, offset) <= 0 ? 0
                        : Long.compareUnsigned(e - offset, length) >= 0 ? length : e - offset;
                out.set(I, 4L * (base + k), (int) logical);
            }
        }
        if (length > 0 && Long.compareUnsigned(prev, offset + length) < 0) {
            throw node.error("last run end " + Long.toUnsignedString(prev) + " does not reach offset + length = "
                    + (offset + length));
        }
        return out;
    }

    private static MemorySegment expandFixed(PrimitiveArray values, MemorySegment runEnds, int runs, int length,
                                             DecodeContext ctx) {
        int width = values.ptype().byteWidth();
        MemorySegment src = values.values();
        MemorySegment out = ctx.allocate((long) length * width);
        int start = 0;
        for (int run = 0; run < runs && start < length; run++) {
            int end = runEnds.get(I, 4L * run);
            if (end <= start) {
                continue;
            }
            switch (width) {
                case 1 -> out.asSlice(start, end - start).fill(src.get(ValueLayout.JAVA_BYTE, run));
                case 2 -> {
                    short v = src.get(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * run);
                    for (int i = start; i < end; i++) {
                        out.set(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * i, v);
                    }
                }
                case 4 -> {
                    int v = src.get(I, 4L * run);
                    for (int i = start; i < end; i++) {
                        out.set(I, 4L * i, v);
                    }
                }
                default -> {
                    long v = src.get(ValueLayout.JAVA_LONG_UNALIGNED, 8L * run);
                    for (int i = start; i < end; i++) {
                        out.set(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i, v);
                    }
                }
            }
            start = end;
        }
        return out;
    }

    private static Validity expandValidity(Validity validity, MemorySegment runEnds, int runs, int length,
                                           DecodeContext ctx) {
        if (!(validity instanceof Validity.Bitmap bitmap)) {
            return validity;
        }
        MemorySegment bits = BitBuffers.allocate(length, ctx);
        int start = 0;
        for (int run = 0; run < runs && start < length; run++) {
            int end = runEnds.get(I, 4L * run);
            if (end > start) {
                BitBuffers.fill(bits, start, end - start, bitmap.isValid(run));
                start = end;
            }
        }
        return new Validity.Bitmap(bits, 0);
    }

    private static PrimitiveArray runIndices(MemorySegment runEnds, int runs, int length, DecodeContext ctx) {
        MemorySegment idx = ctx.allocate(4L * length);
        int start = 0;
        for (int run = 0; run < runs && start < length; run++) {
            int end = runEnds.get(I, 4L * run);
            for (int i = start; i < end; i++) {
                idx.set(I, 4L * i, run);
            }
            start = Math.max(start, end);
        }
        return new PrimitiveArray(new DType.Primitive(PType.I32, false), idx, length, Validity.ALL_VALID);
    }
}
