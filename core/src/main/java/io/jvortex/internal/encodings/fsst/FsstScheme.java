package io.jvortex.internal.encodings.fsst;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.internal.compress.ArrayFacts;
import io.jvortex.internal.compress.CompressContext;
import io.jvortex.internal.compress.NodeSize;
import io.jvortex.internal.compress.Sampler;
import io.jvortex.internal.compress.Scheme;
import io.jvortex.internal.compress.SchemeId;
import io.jvortex.internal.compress.Verdict;
import io.jvortex.dtype.DType;
import io.jvortex.internal.encodings.varbin.FlatStrings;
import io.jvortex.spi.CanonicalEncoder;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * FSST for string and binary arrays, as the reference's default compressor writes it: a symbol
 * table trained on the array, one code string per row (nothing for null rows), and the row lengths
 * and code offsets narrowed to the smallest unsigned type and handed to the integer cascade. Its
 * size is measured on the sample (the reference's "sample" estimate), without the symbol table.
 */
public final class FsstScheme implements Scheme {
    /** The scheme's id. */
    public static final SchemeId SCHEME_ID = SchemeId.STRING_FSST;

    /** Creates the (stateless) scheme. */
    public FsstScheme() {
    }

    @Override
    public SchemeId id() {
        return SCHEME_ID;
    }

    @Override
    public String encodingId() {
        return FsstEncoding.ID;
    }

    @Override
    public boolean accepts(Canonical array) {
        return (array instanceof VarBinArray || array instanceof VarBinViewArray)
                && (array.dtype() instanceof DType.Utf8 || array.dtype() instanceof DType.Binary);
    }

    /**
     * Compresses the sample and measures it without the symbol table when the sample may stand for a
     * larger array: the table (up to 2295 bytes) is paid once per array, so on a 1 % sample it would
     * weigh a hundred times more than it does on the array, and FSST would lose to plain varbin on
     * text where it wins on the whole array.
     */
    @Override
    public Verdict estimate(Canonical sample, ArrayFacts facts, CompressContext ctx) {
        WriteNode node = compress(sample, facts, ctx);
        if (node == null) {
            return SKIP;
        }
        long table = node.buffers().get(0).data().byteSize() + node.buffers().get(1).data().byteSize();
        long bytes = NodeSize.bytes(node) - (sample.length() >= Sampler.SLICE * Sampler.MIN_SLICES ? table : 0);
        return bytes < 0 ? SKIP : Verdict.size(bytes);
    }

    @Override
    public WriteNode compress(Canonical array, ArrayFacts facts, CompressContext ctx) {
        FlatStrings rows = FlatStrings.of(array);
        if (rows == null || 2L * rows.data().length > FlatStrings.MAX_BYTES) {
            return null;
        }
        FsstEncoder encoder = FsstEncoder.train(rows.data(), rows.offsets(), rows.length());
        Encoded encoded = encode(encoder, rows);
        PrimitiveArray lengths = FlatStrings.narrowUnsigned(rows.lengths(), rows.length());
        PrimitiveArray codesOffsets = FlatStrings.narrowUnsigned(encoded.offsets(), rows.length() + 1);
        byte[] metadata = new FsstMetadata(lengths.ptype(), codesOffsets.ptype()).serialize();
        List<WriteNode> children = new ArrayList<>();
        children.add(ctx.compress(lengths, SCHEME_ID));
        children.add(ctx.compress(codesOffsets, SCHEME_ID));
        children.addAll(CanonicalEncoder.validityChildren(array.dtype(), array.validity(), array.length()));
        return WriteNode.of(FsstEncoding.ID, metadata, List.of(
                new WriteNode.Buffer(encoder.symbols(), 8),
                new WriteNode.Buffer(encoder.symbolLengths(), 1),
                new WriteNode.Buffer(encoded.codes(), 1)), children);
    }

    /**
     * The codes of every row and their offsets.
     *
     * @param codes the concatenated codes
     * @param offsets {@code length + 1} code offsets
     */
    record Encoded(MemorySegment codes, int[] offsets) {
    }

    /**
     * Compresses every row.
     *
     * @param encoder the trained encoder
     * @param rows the rows (null rows are empty)
     * @return the codes and their offsets
     */
    static Encoded encode(FsstEncoder encoder, FlatStrings rows) {
        byte[] data = rows.data();
        int[] offsets = rows.offsets();
        byte[] codes = new byte[2 * data.length];
        int[] codeOffsets = new int[rows.length() + 1];
        int pos = 0;
        for (int i = 0; i < rows.length(); i++) {
            pos = encoder.compress(data, offsets[i], offsets[i + 1], codes, pos);
            codeOffsets[i + 1] = pos;
        }
        return new Encoded(MemorySegment.ofArray(codes).asSlice(0, pos), codeOffsets);
    }
}
