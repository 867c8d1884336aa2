package io.jvortex.internal.encodings.onpair;

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
import java.util.Arrays;
import java.util.List;

/**
 * OnPair for utf8 arrays, as the reference 0.91 default compressor writes it (only when the file's
 * edition has {@code vortex.onpair}; the compressor keeps it only when its sample beats FSST's): a
 * dictionary of up to 4096 tokens followed by 16 zero bytes of read padding (the reference decoder
 * loads 16 bytes per token), token offsets, token ids, per-row code offsets and per-row lengths, each
 * narrowed to the smallest unsigned type and handed to the integer cascade. Null rows have no codes
 * and length 0. Binary arrays are left to FSST, as in the reference.
 */
public final class OnPairScheme implements Scheme {
    /** The scheme's id. */
    public static final SchemeId SCHEME_ID = SchemeId.STRING_ONPAIR;
    /** The encoding id. */
    public static final String ID = "vortex.onpair";

    /** Creates the (stateless) scheme. */
    public OnPairScheme() {
    }

    @Override
    public SchemeId id() {
        return SCHEME_ID;
    }

    @Override
    public String encodingId() {
        return ID;
    }

    @Override
    public boolean accepts(Canonical array) {
        return (array instanceof VarBinArray || array instanceof VarBinViewArray) && array.dtype() instanceof DType.Utf8;
    }

    /**
     * Compresses the sample and measures it without the dictionary (bytes and token offsets) when the sample may stand
     * for a larger array (the dictionary is paid once per array; see {@code FsstScheme#estimate}).
     */
    @Override
    public Verdict estimate(Canonical sample, ArrayFacts facts, CompressContext ctx) {
        WriteNode node = compress(sample, facts, ctx);
        if (node == null) {
            return SKIP;
        }
        long dict = node.buffers().get(0).data().byteSize() + NodeSize.bytes(node.children().get(0));
        long bytes = NodeSize.bytes(node) - (sample.length() >= Sampler.SLICE * Sampler.MIN_SLICES ? dict : 0);
        return bytes < 0 ? SKIP : Verdict.size(bytes);
    }

    @Override
    public WriteNode compress(Canonical array, ArrayFacts facts, CompressContext ctx) {
        FlatStrings rows = FlatStrings.of(array);
        if (rows == null) {
            return null;
        }
        OnPairEncoder encoder = OnPairEncoder.train(rows.data(), rows.offsets(), rows.length());
        int[] offsets = rows.offsets();
        // a token covers several bytes on most data: start at a third of the bytes and grow when a row
        // may not fit (it takes at most one id per byte), instead of an int per byte up front
        int[] codes = new int[rows.data().length / 3 + 64];
        int[] codeOffsets = new int[rows.length() + 1];
        int pos = 0;
        for (int i = 0; i < rows.length(); i++) {
            int bytes = offsets[i + 1] - offsets[i];
            if (codes.length - pos < bytes) {
                codes = Arrays.copyOf(codes, (int) Math.min(rows.data().length,
                        Math.max((long) pos + bytes, codes.length + (codes.length >>> 1))));
            }
            pos = encoder.encode(rows.data(), offsets[i], offsets[i + 1], codes, pos);
            codeOffsets[i + 1] = pos;
        }
        PrimitiveArray dictOffsets = FlatStrings.narrowUnsigned(encoder.dictOffsets(), encoder.tokenCount() + 1);
        PrimitiveArray codeArray = FlatStrings.narrowUnsigned(codes, pos);
        PrimitiveArray codesOffsets = FlatStrings.narrowUnsigned(codeOffsets, rows.length() + 1);
        PrimitiveArray lengths = FlatStrings.narrowUnsigned(rows.lengths(), rows.length());
        byte[] metadata = new OnPairMetadata(lengths.ptype().id(), encoder.tokenCount(), pos,
                dictOffsets.ptype().id(), codeArray.ptype().id(), codesOffsets.ptype().id()).serialize();
        byte[] dict = Arrays.copyOf(encoder.dictBytes(), encoder.dictBytes().length + OnPairEncoder.MAX_TOKEN);
        List<WriteNode> children = new ArrayList<>();
        children.add(ctx.compress(dictOffsets, SCHEME_ID));
        children.add(ctx.compress(codeArray, SCHEME_ID));
        children.add(ctx.compress(codesOffsets, SCHEME_ID));
        children.add(ctx.compress(lengths, SCHEME_ID));
        children.addAll(CanonicalEncoder.validityChildren(array.dtype(), array.validity(), array.length()));
        return WriteNode.of(ID, metadata, List.of(new WriteNode.Buffer(MemorySegment.ofArray(dict), 8)), children);
    }
}
