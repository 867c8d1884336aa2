package io.jvortex.spi;

import io.jvortex.array.Canonical;
import io.jvortex.dtype.DType;

/**
 * One array encoding: decodes serialized nodes with its id into canonical arrays.
 *
 * <p>Implementations validate the node once (metadata, buffer sizes, child counts, dtype fit)
 * and throw {@link io.jvortex.error.VortexException} via {@link ArrayNode#error(String)} or
 * {@link DecodeContext} helpers on bad input; after validation the hot loops run unchecked. They are
 * stateless and thread-safe. User encodings are added with {@code io.jvortex.registry.EncodingRegistry.Builder} or
 * {@link java.util.ServiceLoader} (service type {@code io.jvortex.spi.Encoding}).
 */
public interface Encoding {
    /** @return the encoding id as stored in files, e.g. {@code vortex.primitive} */
    String id();

    /**
     * Decodes a node.
     *
     * @param node the serialized node (its {@link ArrayNode#encodingId()} is {@link #id()})
     * @param dtype the logical type the parent assigns to it
     * @param length the number of rows the parent assigns to it
     * @param ctx decoding services: children, validity, allocation, limits
     * @return the decoded array, of exactly {@code dtype} and {@code length}
     */
    Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx);
}
