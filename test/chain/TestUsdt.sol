// SPDX-License-Identifier: MIT
// A 6-decimal ERC-20 standing in for USDT in the chain tests and the bench: the standard Transfer event and balances,
// and a mint only its deployer may call (the tests fund their senders with it). Compiled offline by
// test/chain/compile-token.ts (solc, evmVersion shanghai: ganache 7 knows no MCOPY).
pragma solidity 0.8.37;

contract TestUsdt {
    string public constant name = "Test Tether USD";
    string public constant symbol = "USDT";
    uint8 public immutable decimals;
    uint256 public totalSupply;
    address private immutable minter;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(uint8 decimals_) {
        decimals = decimals_;
        minter = msg.sender;
    }

    function mint(address to, uint256 value) external {
        require(msg.sender == minter, "only the deployer mints");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        require(allowed >= value, "allowance");
        allowance[from][msg.sender] = allowed - value;
        _move(from, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
