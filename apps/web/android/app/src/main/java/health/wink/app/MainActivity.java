package health.wink.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
