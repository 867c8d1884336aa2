package io.jvortex.internal.encodings.onpair;

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
import io.jvortex.internal.encodings.varbin.Offsets;
import io.jvortex.internal.encodings.varbin.Utf8;
import io.jvortex.internal.encodings.varbin.VarBinEncoding;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * {@code vortex.onpair}: strings as sequences of 16-bit codes into a dictionary of tokens of up to
 * 16 bytes. Decodes the whole code range in one pass into a fresh buffer and returns a
 * {@link VarBinArray} whose offsets come from the per-row uncompressed lengths.
 */
public final class OnPairEncoding implements Encoding {
    /** The encoding id. */
    public static final String ID = "vortex.onpair";

    /** Most tokens codes can address (codes are 16-bit). */
    public static final int MAX_TOKENS = 1 << 16;

    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** Creates the (stateless) encoding; the registry holds one instance. */
    public OnPairEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        boolean utf8 = VarBinEncoding.expectString(node, dtype);
        OnPairMetadata meta = OnPairMetadata.parse(node.metadata());
        long lengthsPTypeId = meta.lengthsPTypeId();
        long dictSize = meta.dictSize();
        long codesLenField = meta.codesLen();
        long dictOffsetsPTypeId = meta.dictOffsetsPTypeId();
        long codesPTypeId = meta.codesPTypeId();
        long codesOffsetsPTypeId = meta.codesOffsetsPTypeId();
        PType lengthsPType = Offsets.integerPType(node, lengthsPTypeId, "uncompressed_lengths_ptype");
        PType dictOffsetsPType = Offsets.integerPType(node, dictOffsetsPTypeId, "dict_offsets_ptype");
        PType codesPType = Offsets.integerPType(node, codesPTypeId, "codes_ptype");
        PType codesOffsetsPType = Offsets.integerPType(node, codesOffsetsPTypeId, "codes_offsets_ptype");
        int dictOffsetsLen = ctx.rowCount(node, dictSize, "dict_size") + 1;
        int codesLen = ctx.rowCount(node, codesLenField, "codes_len");
        ctx.expectBuffers(node, 1);
        ctx.expectChildren(node, 4, 5);
        MemorySegment dictBytes = node.buffer(0);

        PrimitiveArray dictOffsets = Offsets.integerChild(node, 0, dictOffsetsPType, dictOffsetsLen, ctx);
        PrimitiveArray codes = Offsets.integerChild(node, 1, codesPType, codesLen, ctx);
        PrimitiveArray codesOffsets = Offsets.integerChild(node, 2, codesOffsetsPType, length + 1, ctx);
        PrimitiveArray lengths = Offsets.integerChild(node, 3, lengthsPType, length, ctx);
        if (dictOffsets == null || codes == null || codesOffsets == null || lengths == null) {
            int opaque = dictOffsets == null ? 0 : codes == null ? 1 : codesOffsets == null ? 2 : 3;
            return new OpaqueArray(node.child(opaque).encodingId(), dtype, length);
        }
        Validity validity = ctx.validity(node, 4, dtype.nullable(), length);

        // Codes are 16-bit, so only the first 65 536 tokens can be referenced; only those are checked
        // and tabulated. (The reference's all-null form has dict_size = rows - 1 empty tokens.)
        Offsets.validate(node, dictOffsets, dictBytes.byteSize(), "dict_offsets");
        int tokens = (int) Math.min(dictSize, MAX_TOKENS);
        for (int t = 0; t < tokens; t++) {
            long tokenLength = dictOffsets.getLong(t + 1) - dictOffsets.getLong(t);
            if (tokenLength > OnPairDecoder.MAX_TOKEN_BYTES) {
                throw node.error("token " + t + " has " + tokenLength + " bytes, expected at most "
                        + OnPairDecoder.MAX_TOKEN_BYTES);
            }
        }
        OnPairDecoder decoder = new OnPairDecoder(dictBytes, dictOffsets, tokens);

        // Like the reference, decode the contiguous code range [first offset, last offset) in one
        // pass; the interior offsets are not needed, row boundaries come from the lengths.
        long codesStart = codesOffsets.getLong(0);
        long codesEnd = codesOffsets.getLong(length);
        if (codesStart < 0 || codesStart > codesEnd || codesEnd > codesLen) {
            throw node.error("codes_offsets span [" + Long.toUnsignedString(codesStart) + ", "
                    + Long.toUnsignedString(codesEnd) + "), expected a range within the " + codesLen + " codes");
        }

        int codeWidth;
        MemorySegment codeValues;
        switch (codesPType) {
            case U8 -> {
                codeWidth = 1;
                codeValues = codes.values();
            }
            case U16 -> {
                codeWidth = 2;
                codeValues = codes.values();
            }
            default -> {
                codeWidth = 2;
                codeValues = narrowCodes(node, codes, codesStart, codesEnd, ctx);
                codesEnd -= codesStart;
                codesStart = 0;
            }
        }

        long total = Offsets.sumLengths(node, lengths, "uncompressed_lengths");
        MemorySegment out = ctx.allocate(total + OnPairDecoder.SLACK);
        long produced = decoder.decompress(codeValues, codeWidth, codesStart, codesEnd, out, total);
        if (produced != total) {
            throw node.error(produced == OnPairDecoder.INVALID_CODE
                    ? "a code names no token (the dictionary has " + decoder.tokenCount() + ")"
                    : "codes decode to " + (produced > total ? "more than " : "") + produced
                            + " bytes, but uncompressed_lengths sum to " + total);
        }
        MemorySegment bytes = out.asSlice(0, total);
        PrimitiveArray offsets = Offsets.fromLengths(lengths, total, ctx);
        if (utf8) {
            Utf8.validateRows(node, bytes, offsets, validity, length);
        }
        return new VarBinArray(dtype, offsets, bytes, length, validity);
    }

    /**
     * Copies codes of a type other than {@code u8}/{@code u16} into a {@code u16} buffer (the
     * reference casts them to {@code u16} too), rejecting values no token can have.
     */
    private static MemorySegment narrowCodes(ArrayNode node, PrimitiveArray codes, long start, long end,
                                             DecodeContext ctx) {
        int n = (int) (end - start);
        MemorySegment out = ctx.allocate(2L * n);
        for (int j = 0; j < n; j++) {
            long code = codes.getLong((int) start + j);
            if (code < 0 || code >= MAX_TOKENS) {
                throw node.error("code " + (codes.ptype().isSigned() ? Long.toString(code) : Long.toUnsignedString(code))
                        + " at codes[" + (start + j) + "] names no token");
            }
            out.set(SHORT, 2L * j, (short) code);
        }
        return out;
    }
}
