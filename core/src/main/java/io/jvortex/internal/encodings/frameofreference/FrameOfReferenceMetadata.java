package io.jvortex.internal.encodings.frameofreference;

import io.jvortex.dtype.DType;
import io.jvortex.scalar.Scalar;
import io.jvortex.scalar.ScalarValues;
import io.jvortex.spi.ScalarValueWriter;
import java.lang.foreign.MemorySegment;

/**
 * The metadata of a {@code fastlanes.for} node: not a message but the reference as a serialized
 * {@code ScalarValue} of the array's type. Read by the decoder and written by the scheme; the decoder
 * rejects a null reference.
 *
 * @param reference the value added back to every row
 */
record FrameOfReferenceMetadata(Scalar reference) {
    /**
     * @param metadata the metadata bytes
     * @param dtype the node's integer type
     * @return the metadata
     */
    static FrameOfReferenceMetadata parse(MemorySegment metadata, DType.Primitive dtype) {
        return new FrameOfReferenceMetadata(ScalarValues.decode(metadata, dtype));
    }

    /** @return the serialized scalar value */
    byte[] serialize() {
        return ScalarValueWriter.encode(reference);
    }
}
