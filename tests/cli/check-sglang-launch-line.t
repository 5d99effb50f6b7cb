# The shipped SGLang rules list SGLang's other flags (05-program-flags.rules):
# a real launch line is checked as it is, without --ignore-unknown; a misspelt
# SGLang flag is caught, and a prefix is ambiguous where SGLang's argparse
# says so (--enable-dp, --quant).
$ check -r ../../rules.d/sglang
< python3 -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --trust-remote-code --tp 8 --dp 8 --enable-dp-attention --moe-a2a-backend deepep --deepep-mode normal --mem-fraction-static 0.8 --cuda-graph-bs 1 2 4 --host 0.0.0.0 --port 30000 --disaggregation-mode prefill --disaggregation-ib-device mlx5_0 model_architecture=DeepseekV3ForCausalLM
< python3 -m sglang.launch_server --model-path m --tp 8 --moe-a2a-backend pplx --enable-dp --dp 2
< python3 -m sglang.launch_server --model-path m --tp 8 --mem-fraction-statik 0.8
< python3 -m sglang.launch_server --model-path m --tp 8 --quant fp8
> line 1: info[a2a-ep-size-adjusted]: deepep MoE is enabled. The expert parallel size is adjusted from 1 to the tensor parallel size [8].
>   --> ../../rules.d/sglang/10-a2a-moe.rules:63
> line 1: warning[deepep-normal-disables-cuda-graph]: Cuda graph is disabled because deepep_mode=`normal`
>   --> ../../rules.d/sglang/10-a2a-moe.rules:173
> line 2: invalid: ambiguous flag '--enable-dp' could match --enable-dp-attention, --enable-dp-attention-local-control-broadcast, --enable-dp-lm-head
> line 3: invalid: unknown flag '--mem-fraction-statik'; did you mean '--mem-fraction-static'?
> line 4: invalid: ambiguous flag '--quant' could match --quantization, --quantize-and-serve, --quantization-param-path
? 1
