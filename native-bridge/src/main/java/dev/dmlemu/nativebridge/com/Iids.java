package dev.dmlemu.nativebridge.com;

/**
 * The interface ids the bridge asks for, copied from {@code DirectML.h}, {@code d3d12.h} and the DXGI headers
 * (docs/directml-behaviour.md §4.2). A test pins each one to the reference table.
 */
public final class Iids {

    public static final Guid IDML_DEVICE = Guid.of("6dbd6437-96fd-423f-a98c-ae5e7c2a573f");
    public static final Guid IDML_DEVICE1 = Guid.of("a0884f9a-d2be-4355-aa5d-5901281ad1d2");
    public static final Guid IDML_OPERATOR = Guid.of("26caae7a-3081-4633-9581-226fbe57695d");
    public static final Guid IDML_DISPATCHABLE = Guid.of("dcb821a8-1039-441e-9f1c-b1759c2f3cec");
    public static final Guid IDML_COMPILED_OPERATOR = Guid.of("6b15e56a-bf5c-4902-92d8-da3a650afea4");
    public static final Guid IDML_OPERATOR_INITIALIZER = Guid.of("427c1113-435c-469c-8676-4d5dd072f813");
    public static final Guid IDML_BINDING_TABLE = Guid.of("29c687dc-de74-4e3b-ab00-1168f2fc3cfc");
    public static final Guid IDML_COMMAND_RECORDER = Guid.of("e6857a76-2e3e-4fdd-bff4-5d2ba10fb453");
    public static final Guid IDML_DEBUG_DEVICE = Guid.of("7d6f3ac9-394a-4ac3-92a7-390cc57a8217");

    public static final Guid ID3D12_DEVICE = Guid.of("189819f1-1db6-4b57-be54-1821339b85f7");
    public static final Guid ID3D12_COMMAND_QUEUE = Guid.of("0ec870a6-5d7e-4c22-8cfc-5baae07616ed");
    public static final Guid ID3D12_COMMAND_ALLOCATOR = Guid.of("6102dee4-af59-4b09-b999-b44d73f09b24");
    public static final Guid ID3D12_GRAPHICS_COMMAND_LIST = Guid.of("5b160d0f-ac1b-4185-8ba8-b3ae42a5a455");
    public static final Guid ID3D12_DESCRIPTOR_HEAP = Guid.of("8efb471d-616c-4f49-90f7-127bb763fa51");
    public static final Guid ID3D12_RESOURCE = Guid.of("696442be-a72e-4059-bc79-5b5c98040fad");
    public static final Guid ID3D12_FENCE = Guid.of("0a753dcf-c4d8-4b91-adf6-be5a60d95a76");
    public static final Guid ID3D12_DEBUG = Guid.of("344488b7-6846-474b-b989-f027448245e0");

    public static final Guid IDXGI_FACTORY1 = Guid.of("770aae78-f26f-4dba-a829-253c83d1b387");
    public static final Guid IDXGI_FACTORY4 = Guid.of("1bc6ea02-ef36-464f-bf0c-21ca39e5168a");
    public static final Guid IDXGI_ADAPTER1 = Guid.of("29038f61-3839-4626-91fd-086879011a05");

    private Iids() {
    }
}
