package io.jvortex.internal.encodings.fsst;

import io.jvortex.array.Canonical;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import io.jvortex.spi.PointAccess;
import io.jvortex.internal.encodings.varbin.Offsets;
import io.jvortex.internal.encodings.varbin.Utf8;
import io.jvortex.internal.encodings.varbin.VarBinEncoding;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@code vortex.fsst}: strings compressed with a static table of up to 255 symbols of 1–8 bytes.
 * Decodes the whole code range in one pass into a fresh buffer and returns a {@link VarBinArray}
 * whose offsets come from the per-row uncompressed lengths; taking rows decompresses only their codes.
 */
public final class FsstEncoding implements Encoding, PointAccess, io.jvortex.spi.PointRanges {
    /** The encoding id. */
    public static final String ID = "vortex.fsst";

    /** Most symbols a table may hold (code 255 is the escape). */
    public static final int MAX_SYMBOLS = 255;

    /** Creates the (stateless) encoding; the registry holds one instance. */
    public FsstEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    private static int expectBufferCount(ArrayNode node) {
        int bufferCount = node.bufferCount();
        if (bufferCount != 2 && bufferCount != 3) {
            throw node.error("has " + bufferCount + " buffers, expected 3 (symbols, symbol_lengths, codes) or 2 (legacy)");
        }
        return bufferCount;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        boolean utf8 = VarBinEncoding.expectString(node, dtype);
        FsstMetadata meta = FsstMetadata.parse(node.metadata());
        PType lengthsPType = Offsets.integerPType(node, meta.lengthsPTypeId(), "uncompressed_lengths_ptype");
        int bufferCount = expectBufferCount(node);
        FsstDecoder decoder = symbolTable(node);

        MemorySegment codes;
        long codesStart;
        long codesEnd;
        PrimitiveArray lengths;
        Validity validity;
        if (bufferCount == 3) {
            PType codesOffsetsPType = Offsets.integerPType(node, meta.codesOffsetsPTypeId(), "codes_offsets_ptype");
            ctx.expectChildren(node, 2, 3);
            lengths = Offsets.integerChild(node, 0, lengthsPType, length, ctx);
            // Like the reference, decode the contiguous code range [first offset, last offset) in one
            // pass; the interior offsets are not needed, row boundaries come from the lengths. So
            // only the two ends are taken (through the child's point access where it has one).
            Canonical ends = ctx.takeChild(node, 1, new DType.Primitive(codesOffsetsPType, false), length + 1,
                    new int[] {0, length});
            if (lengths == null || ends instanceof OpaqueArray) {
                return new OpaqueArray(node.child(lengths == null ? 0 : 1).encodingId(), dtype, length);
            }
            if (!(ends instanceof PrimitiveArray codesOffsets)) {
                throw node.error("child 1 decoded to " + ends.getClass().getSimpleName() + ", expected primitive "
                        + codesOffsetsPType.displayName());
            }
            validity = ctx.validity(node, 2, dtype.nullable(), length);
            codes = node.buffer(2);
            codesStart = codesOffsets.getLong(0);
            codesEnd = codesOffsets.getLong(1);
            if (codesStart < 0 || codesStart > codesEnd || codesEnd > codes.byteSize()) {
                throw node.error("codes_offsets span [" + Long.toUnsignedString(codesStart) + ", "
                        + Long.toUnsignedString(codesEnd) + "), expected a range within the " + codes.byteSize()
                        + "-byte codes buffer");
            }
        } else {
            // Legacy form: the codes are a vortex.varbin child (binary, the array's nullability)
            // whose validity is the array's.
            ctx.expectChildren(node, 2, 2);
            Canonical codesChild = ctx.decodeChild(node, 0, new DType.Binary(dtype.nullable()), length);
            if (codesChild instanceof OpaqueArray o) {
                return new OpaqueArray(o.encodingId(), dtype, length);
            }
            if (!(codesChild instanceof VarBinArray codesArray)) {
                throw node.error("legacy codes child decoded to " + codesChild.getClass().getSimpleName()
                        + ", expected vortex.varbin");
            }
            lengths = Offsets.integerChild(node, 1, lengthsPType, length, ctx);
            if (lengths == null) {
                return new OpaqueArray(node.child(1).encodingId(), dtype, length);
            }
            validity = codesArray.validity();
            codes = codesArray.bytes();
            codesStart = codesArray.offset(0);
            codesEnd = codesArray.offset(length);
        }

        long total = Offsets.sumLengths(node, lengths, "uncompressed_lengths");
        MemorySegment out = ctx.allocateUninitialized(total);
        long produced = decoder.decompress(codes, codesStart, codesEnd, out, total);
        if (produced != total) {
            throw node.error(decodeProblem(decoder, codes, codesStart, codesEnd, produced, total));
        }
        PrimitiveArray offsets = Offsets.fromLengths(lengths, total, ctx);
        // All-ASCII output (every symbol and literal ASCII) is valid UTF-8 split anywhere.
        if (utf8 && !decoder.lastOutputAscii()) {
            Utf8.validateRows(node, out, offsets, validity, length);
        }
        return new VarBinArray(dtype, offsets, out, length, validity);
    }

    /**
     * Takes the uncompressed lengths and the code ranges of the requested rows (through the children's
     * point access where they have it), gathers those rows' codes and decompresses only them. The
     * legacy two-buffer form, and more than {@link Offsets#MAX_TAKE_RANGES} rows, are decoded whole and
     * gathered.
     */
    @Override
    public Canonical take(ArrayNode node, DType dtype, int length, int[] indices, DecodeContext ctx) {
        boolean utf8 = VarBinEncoding.expectString(node, dtype);
        FsstMetadata meta = FsstMetadata.parse(node.metadata());
        PType lengthsPType = Offsets.integerPType(node, meta.lengthsPTypeId(), "uncompressed_lengths_ptype");
        if (expectBufferCount(node) == 2 || indices.length > Offsets.MAX_TAKE_RANGES) {
            return ctx.gather(decode(node, dtype, length, ctx), indices);
        }
        FsstDecoder decoder = symbolTable(node);
        PType codesOffsetsPType = Offsets.integerPType(node, meta.codesOffsetsPTypeId(), "codes_offsets_ptype");
        ctx.expectChildren(node, 2, 3);
        int n = indices.length;
        Canonical lengthsChild = ctx.takeChild(node, 0, new DType.Primitive(lengthsPType, false), length, indices);
        if (lengthsChild instanceof OpaqueArray o) {
            return new OpaqueArray(o.encodingId(), dtype, n);
        }
        if (!(lengthsChild instanceof PrimitiveArray lengths)) {
            throw node.error("child 0 decoded to " + lengthsChild.getClass().getSimpleName() + ", expected primitive "
                    + lengthsPType.displayName());
        }
        MemorySegment codes = node.buffer(2);
        long[] ranges = Offsets.takeRanges(node, 1, codesOffsetsPType, length, indices, codes.byteSize(),
                "codes_offsets", ctx);
        if (ranges == null) {
            return new OpaqueArray(node.child(1).encodingId(), dtype, n);
        }
        Validity validity = ctx.takeValidity(node, 2, dtype.nullable(), length, indices);
        // Every row's codes start at a code boundary, so the rows' codes laid back to back decode to
        // the rows' values laid back to back.
        MemorySegment takenCodes = Offsets.copyRanges(node, 2, ranges, ctx);
        long total = Offsets.sumLengths(node, lengths, "uncompressed_lengths");
        MemorySegment out = ctx.allocate(total);
        long produced = decoder.decompress(takenCodes, 0, takenCodes.byteSize(), out, total);
        if (produced != total) {
            throw node.error("taking " + n + " rows: "
                    + decodeProblem(decoder, takenCodes, 0, takenCodes.byteSize(), produced, total));
        }
        PrimitiveArray offsets = Offsets.fromLengths(lengths, total, ctx);
        if (utf8 && !decoder.lastOutputAscii()) {
            Utf8.validateRows(node, out, offsets, validity, n, indices);
        }
        return new VarBinArray(dtype, offsets, out, n, validity);
    }

    /**
     * The symbol table, the uncompressed lengths and codes offsets at the positions, then the
     * positions' codes and their validity; the legacy form, or too many rows, whole.
     */
    @Override
    public void plan(ArrayNode node, DType dtype, int length, int[] indices, io.jvortex.spi.TakePlan plan) {
        VarBinEncoding.expectString(node, dtype);
        FsstMetadata meta = FsstMetadata.parse(node.metadata());
        PType lengthsPType = Offsets.integerPType(node, meta.lengthsPTypeId(), "uncompressed_lengths_ptype");
        if (expectBufferCount(node) == 2 || indices.length > Offsets.MAX_TAKE_RANGES) {
            plan.whole(node);
            return;
        }
        plan.buffer(node, 0);
        plan.buffer(node, 1);
        PType codesOffsetsPType = Offsets.integerPType(node, meta.codesOffsetsPTypeId(), "codes_offsets_ptype");
        plan.context().expectChildren(node, 2, 3);
        plan.takeChild(node, 0, new DType.Primitive(lengthsPType, false), length, indices);
        long[] ranges = Offsets.planRanges(node, 1, codesOffsetsPType, length, indices, node.buffer(2).byteSize(),
                "codes_offsets", plan);
        if (ranges != null) {
            for (int k = 0; k < ranges.length; k += 2) {
                plan.part(node, 2, ranges[k], ranges[k + 1] - ranges[k]);
            }
        }
        plan.takeValidity(node, 2, length, indices);
    }

    /** Validates the symbol table buffers and builds the decoder. */
    private static FsstDecoder symbolTable(ArrayNode node) {
        MemorySegment symbols = node.buffer(0);
        MemorySegment symbolLengths = node.buffer(1);
        long n = symbolLengths.byteSize();
        if (n > MAX_SYMBOLS) {
            throw node.error("symbol table has " + n + " symbols, expected at most " + MAX_SYMBOLS);
        }
        if (symbols.byteSize() != 8 * n) {
            throw node.error("symbols buffer has " + symbols.byteSize() + " bytes, expected " + 8 * n
                    + " (8 per symbol for " + n + " symbol lengths)");
        }
        for (int c = 0; c < n; c++) {
            int len = symbolLengths.get(ValueLayout.JAVA_BYTE, c) & 0xFF;
            if (len < 1 || len > 8) {
                throw node.error("symbol " + c + " has length " + len + ", expected 1..8");
            }
        }
        return new FsstDecoder(symbols, symbolLengths);
    }

    private static String decodeProblem(FsstDecoder decoder, MemorySegment codes, long start, long end, long produced,
                                        long total) {
        if (produced == FsstDecoder.INVALID_CODE) {
            long at = decoder.findInvalidCode(codes, start, end);
            int code = at < 0 ? -1 : codes.get(ValueLayout.JAVA_BYTE, at) & 0xFF;
            return "code " + code + " at codes byte " + at + " names no symbol (the table has "
                    + decoder.symbolCount() + ")";
        }
        if (produced == FsstDecoder.TRUNCATED_ESCAPE) {
            return "codes end with an escape code and no literal byte";
        }
        return "codes decode to " + (produced > total ? "more than " : "") + produced
                + " bytes, but uncompressed_lengths sum to " + total;
    }
}
